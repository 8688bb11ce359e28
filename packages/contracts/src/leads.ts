import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { MultiLine, SingleLine } from "./field-kinds.ts";

/** The apply/contact form (spec section 3): name, email, phone, address, content. */
export const ApplyBody = Type.Object({
  name: SingleLine({ maxLength: 200 }),
  email: SingleLine({ maxLength: 254 }),
  phone: SingleLine({ maxLength: 40 }),
  address: SingleLine({ maxLength: 300 }),
  content: MultiLine({ maxLength: 2000 }),
  /** The product page the form was opened on ("cdn", "ddos", …), if any. */
  product: Type.Optional(Type.String({ maxLength: 40, pattern: "^[a-zA-Z0-9-]*$" })),
  /** Which form: the product dialog ("apply", default) or the contact page ("contact"). */
  kind: Type.Optional(Type.Union([Type.Literal("apply"), Type.Literal("contact")])),
});
export type ApplyBody = Static<typeof ApplyBody>;

export const LEAD_STATUSES = ["new", "contacted", "approved", "rejected"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The moves an operator may make: a new lead is contacted, approved or rejected; a contacted one approved or rejected. */
export const LEAD_MOVES: Record<LeadStatus, LeadStatus[]> = {
  new: ["contacted", "approved", "rejected"],
  contacted: ["approved", "rejected"],
  approved: [],
  rejected: [],
};

/** GET /prod-api/lead/list: the leads an operator may see, newest first. */
export const LeadListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(
    Type.Union([Type.Literal("new"), Type.Literal("contacted"), Type.Literal("approved"), Type.Literal("rejected")]),
  ),
  product: Type.Optional(SingleLine({ maxLength: 40 })),
  agentCode: Type.Optional(SingleLine({ maxLength: 64 })),
  /** In the name, e-mail, phone or message. */
  keyword: Type.Optional(SingleLine({ maxLength: 100 })),
});
export type LeadListQuery = Static<typeof LeadListQuery>;

export const LeadEventView = Type.Object({
  fromStatus: Type.String(),
  toStatus: Type.String(),
  note: Type.String(),
  byUser: Type.String(),
  at: Type.String(),
});
export type LeadEventView = Static<typeof LeadEventView>;

export const LeadView = Type.Object({
  leadId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  content: Type.String(),
  product: Type.String(),
  agentCode: Type.String(),
  language: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
  events: Type.Array(LeadEventView),
});
export type LeadView = Static<typeof LeadView>;

/** POST /prod-api/lead/{leadId}/status */
export const LeadStatusBody = Type.Object({
  status: Type.Union([Type.Literal("contacted"), Type.Literal("approved"), Type.Literal("rejected")]),
  note: Type.Optional(MultiLine({ maxLength: 500 })),
});
export type LeadStatusBody = Static<typeof LeadStatusBody>;
