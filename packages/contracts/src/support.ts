import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, Int4, MultiLine, ORDER_NO_PATTERN, SingleLine } from "./field-kinds.ts";

/**
 * The support desk (issue 42): a customer's tickets and the operators' queues. A ticket is named
 * by its number (digits, random: it says nothing of how many there are), in its department, with
 * a priority that sets its service-level times.
 */

/** Low to urgent; "urgent" is what "Under attack?" opens, and it pages the site's on-call people. */
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * Open: waiting for the provider (new, or the customer wrote last). Answered: waiting for the
 * customer. On hold: the provider parked it (waiting on a third party). Closed: done; the customer
 * may reopen it within the reopen window (the setting sys.support.reopenDays).
 */
export const TICKET_STATUSES = ["open", "answered", "on_hold", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The departments every installation starts with (a site may have its own instead). */
export const DEFAULT_DEPARTMENTS = ["sales", "billing", "technical", "abuse"] as const;

/**
 * How long the provider has, per priority, for the first answer and for the resolution, in minutes,
 * until an operator changes them (Business → Support → Settings).
 */
export const DEFAULT_TICKET_SLA: Record<TicketPriority, { firstReplyMinutes: number; resolutionMinutes: number }> = {
  urgent: { firstReplyMinutes: 30, resolutionMinutes: 4 * 60 },
  high: { firstReplyMinutes: 2 * 60, resolutionMinutes: 24 * 60 },
  normal: { firstReplyMinutes: 8 * 60, resolutionMinutes: 3 * 24 * 60 },
  low: { firstReplyMinutes: 24 * 60, resolutionMinutes: 7 * 24 * 60 },
};
/** A due time is "near" once this share of its window has passed. */
export const SLA_NEAR_SHARE = 0.75;
/** An urgent ticket's page is repeated this often until an operator acknowledges it. */
export const URGENT_PAGE_REPEAT_MINUTES = 10;

/** The desk's settings (System → Settings), by name. */
export const SUPPORT_SETTINGS = {
  reopenDays: "sys.support.reopenDays",
  attachmentMaxMb: "sys.support.attachmentMaxMb",
  attachmentsPerMessage: "sys.support.attachmentsPerMessage",
} as const;

/** Messages are rich text (HTML) that the server sanitises; this much at most. */
export const TICKET_MESSAGE_MAX = 20_000;
export const TICKET_SUBJECT_MAX = 200;

const Priority = Type.Union([
  Type.Literal("low"),
  Type.Literal("normal"),
  Type.Literal("high"),
  Type.Literal("urgent"),
]);
const Status = Type.Union([
  Type.Literal("open"),
  Type.Literal("answered"),
  Type.Literal("on_hold"),
  Type.Literal("closed"),
]);
/** A ticket's number, as it is shown and addressed. */
export const TICKET_NO_PATTERN = "^[0-9]{6,12}$";
export const TicketNo = () => Type.String({ pattern: TICKET_NO_PATTERN });
const FileRef = Type.String({ pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" });
/** Attachments: the ids of files uploaded with kind=attachment by the writer (the count is a setting). */
const Attachments = Type.Optional(Type.Array(FileRef, { maxItems: 20, uniqueItems: true }));

/** POST /prod-api/support/tickets: a customer's new ticket. */
export const TicketOpenBody = Type.Object(
  {
    departmentId: Id(),
    subject: SingleLine({ minLength: 1, maxLength: TICKET_SUBJECT_MAX }),
    message: MultiLine({ minLength: 1, maxLength: TICKET_MESSAGE_MAX }),
    priority: Type.Optional(Type.Union([Type.Literal("low"), Type.Literal("normal"), Type.Literal("high")])),
    /** The package it is about (its order number), or an order. */
    serviceOrderNo: Type.Optional(Type.String({ pattern: ORDER_NO_PATTERN })),
    orderNo: Type.Optional(Type.String({ pattern: ORDER_NO_PATTERN })),
    attachments: Attachments,
  },
  { additionalProperties: false },
);
export type TicketOpenBody = Static<typeof TicketOpenBody>;

/** POST /prod-api/support/under-attack: an urgent ticket about a package that is being attacked. */
export const UnderAttackBody = Type.Object(
  {
    serviceOrderNo: Type.String({ pattern: ORDER_NO_PATTERN }),
    /** What the customer sees (optional: the page itself is the message). */
    message: Type.Optional(MultiLine({ maxLength: TICKET_MESSAGE_MAX })),
  },
  { additionalProperties: false },
);
export type UnderAttackBody = Static<typeof UnderAttackBody>;

/** A reply (the customer's, or an operator's; an operator's may be an internal note). */
export const TicketReplyBody = Type.Object(
  {
    message: MultiLine({ minLength: 1, maxLength: TICKET_MESSAGE_MAX }),
    attachments: Attachments,
    /** Operators only: a note the customer never sees. */
    internal: Type.Optional(Type.Boolean()),
    /** Operators only: the status the ticket takes with this reply (default: answered, or unchanged for a note). */
    status: Type.Optional(Status),
  },
  { additionalProperties: false },
);
export type TicketReplyBody = Static<typeof TicketReplyBody>;

export const TicketRatingBody = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.Optional(MultiLine({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type TicketRatingBody = Static<typeof TicketRatingBody>;

/** A customer's own tickets, newest activity first. */
export const MyTicketsQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Status),
});
export type MyTicketsQuery = Static<typeof MyTicketsQuery>;

/** Business → Support: a queue (by status, department, priority, assignee), searched. */
export const TicketQueueQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([Status, Type.Literal("active")])),
  departmentId: Type.Optional(Id()),
  priority: Type.Optional(Priority),
  /** "me", "none", or an operator's id. */
  assignee: Type.Optional(Type.String({ pattern: "^(me|none|[1-9][0-9]{0,8})$" })),
  /** In the number, subject, customer's name or address. */
  keyword: Type.Optional(SingleLine({ maxLength: 100 })),
});
export type TicketQueueQuery = Static<typeof TicketQueueQuery>;

export const TicketAssignBody = Type.Object(
  { assigneeId: Type.Union([Id(), Type.Null()]) },
  { additionalProperties: false },
);
export type TicketAssignBody = Static<typeof TicketAssignBody>;
export const TicketStatusBody = Type.Object({ status: Status }, { additionalProperties: false });
export type TicketStatusBody = Static<typeof TicketStatusBody>;
export const TicketPriorityBody = Type.Object({ priority: Priority }, { additionalProperties: false });
export type TicketPriorityBody = Static<typeof TicketPriorityBody>;
export const TicketMergeBody = Type.Object({ intoTicketNo: TicketNo() }, { additionalProperties: false });
export type TicketMergeBody = Static<typeof TicketMergeBody>;
export const TicketSplitBody = Type.Object(
  {
    messageIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
    subject: SingleLine({ minLength: 1, maxLength: TICKET_SUBJECT_MAX }),
  },
  { additionalProperties: false },
);
export type TicketSplitBody = Static<typeof TicketSplitBody>;

/** A department as an operator writes it: its name in each language, its address for mail. */
export const DepartmentBody = Type.Object(
  {
    name: Type.Object(
      {
        en: SingleLine({ minLength: 1, maxLength: 60 }),
        "zh-CN": SingleLine({ maxLength: 60 }),
        "zh-TW": SingleLine({ maxLength: 60 }),
        id: SingleLine({ maxLength: 60 }),
        vi: SingleLine({ maxLength: 60 }),
      },
      { additionalProperties: false },
    ),
    email: SingleLine({ maxLength: 254 }),
    sort: Int4({ maximum: 999 }),
    enabled: Type.Boolean(),
    /** A new one's site (null or absent: the installation's); an operator bound to a site adds to theirs. */
    siteId: Type.Optional(Type.Union([Id(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type DepartmentBody = Static<typeof DepartmentBody>;

export const CannedReplyBody = Type.Object(
  {
    language: Type.Union([
      Type.Literal("en"),
      Type.Literal("zh-CN"),
      Type.Literal("zh-TW"),
      Type.Literal("id"),
      Type.Literal("vi"),
    ]),
    title: SingleLine({ minLength: 1, maxLength: 100 }),
    body: MultiLine({ minLength: 1, maxLength: TICKET_MESSAGE_MAX }),
  },
  { additionalProperties: false },
);
export type CannedReplyBody = Static<typeof CannedReplyBody>;

export const TicketSlaBody = Type.Object(
  {
    rules: Type.Array(
      Type.Object(
        {
          priority: Priority,
          firstReplyMinutes: Type.Integer({ minimum: 5, maximum: 30 * 24 * 60 }),
          resolutionMinutes: Type.Integer({ minimum: 5, maximum: 90 * 24 * 60 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 4, maxItems: 4 },
    ),
  },
  { additionalProperties: false },
);
export type TicketSlaBody = Static<typeof TicketSlaBody>;

/** Where a due time stands: met (answered in time), ok, near (three quarters gone), breached, or none (closed). */
export type SlaState = "met" | "ok" | "near" | "breached" | "none";

export interface DepartmentView {
  departmentId: number;
  /** In the caller's language (English when that one is blank). */
  name: string;
  names: Record<string, string>;
  email: string;
  sort: number;
  enabled: boolean;
  /** Null: the installation's (every site without its own). */
  siteId: number | null;
}

export interface TicketAttachmentView {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}

export interface TicketMessageView {
  messageId: number;
  /** The customer, an operator, or the desk itself (a page, a merge). */
  from: "customer" | "staff";
  authorName: string;
  internal: boolean;
  via: "web" | "mail";
  /** Sanitised HTML. */
  body: string;
  attachments: TicketAttachmentView[];
  createdAt: string;
}

export interface TicketSummaryView {
  ticketNo: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  departmentId: number;
  department: string;
  serviceOrderNo: string | null;
  orderNo: string | null;
  urgent: boolean;
  createdAt: string;
  updatedAt: string;
  /** Who wrote last. */
  lastFrom: "customer" | "staff";
}

export interface TicketQueueRow extends TicketSummaryView {
  customer: { userId: number; userName: string; nickName: string; email: string };
  siteId: number | null;
  assignee: { userId: number; userName: string } | null;
  firstReplyDue: string;
  resolutionDue: string;
  firstReplySla: SlaState;
  resolutionSla: SlaState;
  /** An urgent ticket's page that no one has acknowledged yet. */
  paging: boolean;
}

export interface TicketHistoryView {
  eventId: number;
  kind: string;
  detail: Record<string, unknown>;
  by: string;
  at: string;
}

export interface TicketThreadView extends TicketSummaryView {
  /** The language its mails are written in (the customer's when they opened it). */
  language: string;
  messages: TicketMessageView[];
  rating: number | null;
  ratingComment: string;
  closedAt: string | null;
  /** Until when the customer may reopen it (closed tickets). */
  reopenUntil: string | null;
  mergedInto: string | null;
}

export interface OperatorTicketView extends TicketThreadView {
  row: TicketQueueRow;
  history: TicketHistoryView[];
  /** Beside the thread: the customer's packages, recent orders and other tickets. */
  services: { orderNo: string; product: string; status: string; expiresAt: string | null }[];
  orders: { orderNo: string; product: string; status: string; amount: number; currency: string; createdAt: string }[];
  otherTickets: { ticketNo: string; subject: string; status: TicketStatus; updatedAt: string }[];
}

export interface TicketQueueCounts {
  /** Per status, of the operator's scope (closed: the last 30 days). */
  byStatus: Record<TicketStatus, number>;
  mine: number;
  unassigned: number;
  breached: number;
  paging: number;
}

export interface CannedReplyView {
  replyId: number;
  siteId: number | null;
  language: string;
  title: string;
  body: string;
  /** Who last wrote it, and when. */
  updatedBy: string;
  updatedAt: string;
}

/**
 * Why a received mail was not added to a ticket: refused (forged_address, no_recipient, empty,
 * ticket_closed, ticket_not_found) or quarantined for an operator to look at (unknown_sender,
 * not_the_customer, automatic, unauthenticated).
 */
export const INBOUND_MAIL_REASONS = [
  "forged_address",
  "unknown_sender",
  "not_the_customer",
  "no_recipient",
  "empty",
  "ticket_closed",
  "ticket_not_found",
  "automatic",
  "unauthenticated",
] as const;
export type InboundMailReason = (typeof INBOUND_MAIL_REASONS)[number];

/** Business → Support desk → Quarantine: a page of the quarantined mails no one has set aside, newest first. */
export const QuarantineQuery = Type.Object({ ...PageQuery });
export type QuarantineQuery = Static<typeof QuarantineQuery>;

/** A quarantined mail as the list shows it (its text is read when it is opened). */
export interface QuarantinedMailView {
  inboundId: number;
  via: "smtp" | "webhook";
  mailFrom: string;
  rcptTo: string;
  subject: string;
  reason: InboundMailReason;
  /** The site of the department or ticket it was addressed to (null: the installation's, or unknown). */
  siteId: number | null;
  /** The ticket it answered, when its reply address named one. */
  ticketNo: string | null;
  size: number;
  receivedAt: string;
}

/** One quarantined mail with the text kept of it (plain text: shown as such, never as HTML). */
export interface QuarantinedMailDetail extends QuarantinedMailView {
  text: string;
}
