import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";

/** The apply/contact form (spec section 3): name, email, phone, address, content. */
export const ApplyBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  phone: Type.String({ maxLength: 40 }),
  address: Type.String({ maxLength: 300 }),
  content: Type.String({ maxLength: 2000 }),
  /** The product page the form was opened on ("cdn", "ddos", …), if any. */
  product: Type.Optional(Type.String({ maxLength: 40, pattern: "^[a-zA-Z0-9-]*$" })),
  /** Which form: the product dialog ("apply", default) or the contact page ("contact"). */
  kind: Type.Optional(Type.Union([Type.Literal("apply"), Type.Literal("contact")])),
});
export type ApplyBody = Static<typeof ApplyBody>;

export const APPLY_FIELDS = ["name", "email", "phone", "address", "content"] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];

/** The message keys of spec section 5, one per rule. */
export type ApplyProblem =
  | "apply.enterName"
  | "apply.enterEmail"
  | "apply.emailFormat"
  | "apply.enterPhone"
  | "apply.phoneInvalid"
  | "apply.enterAddress"
  | "apply.enterContent"
  | "apply.fillMessage";

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * A telephone number from anywhere: an optional +, then 6 to 15 digits (E.164's longest) with
 * spaces, dots, dashes or brackets between them.
 */
export function isPhoneNumber(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "");
  return digits.length >= 6 && digits.length <= 15;
}

/**
 * Every problem of a filled-in form, by field (the same rules on the page and on the server). An
 * empty result means the form may be sent.
 */
export function applyProblems(
  form: Record<ApplyField, string>,
  /** "contact": the contact page's form, whose content is "your message". */
  kind: "apply" | "contact" = "apply",
): Partial<Record<ApplyField, ApplyProblem>> {
  const problems: Partial<Record<ApplyField, ApplyProblem>> = {};
  const value = (field: ApplyField) => (form[field] ?? "").trim();
  if (!value("name")) problems.name = "apply.enterName";
  if (!value("email")) problems.email = "apply.enterEmail";
  else if (!EMAIL.test(value("email"))) problems.email = "apply.emailFormat";
  if (!value("phone")) problems.phone = "apply.enterPhone";
  else if (!isPhoneNumber(value("phone"))) problems.phone = "apply.phoneInvalid";
  if (!value("address")) problems.address = "apply.enterAddress";
  if (!value("content")) problems.content = kind === "contact" ? "apply.fillMessage" : "apply.enterContent";
  return problems;
}

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
  product: Type.Optional(Type.String({ maxLength: 40 })),
  agentCode: Type.Optional(Type.String({ maxLength: 64 })),
  /** In the name, e-mail, phone or message. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
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
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type LeadStatusBody = Static<typeof LeadStatusBody>;
