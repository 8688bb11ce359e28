import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id } from "./field-kinds.ts";

/**
 * The notification centre (issue 43): every notice Rampart sends a customer by mail is also kept
 * for them in the console, by kind, unread until they read it.
 */
export const NOTICE_KINDS = [
  "orders",
  "services",
  "balance",
  "usage",
  "certificates",
  "monitors",
  "tickets",
  "security",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * The mails that are a customer's notices, by kind. Mails that carry a one-time link (password
 * reset, address confirmation, invitation) and the operators' own alerts are not notices.
 */
export const NOTICE_EVENT_KINDS: Readonly<Record<string, NoticeKind>> = {
  order_placed: "orders",
  order_placed_offline: "orders",
  order_paid: "orders",
  order_refunded: "orders",
  order_closed: "orders",
  order_overage_reminder: "orders",
  order_overage: "orders",
  order_overage_parts: "orders",
  service_expiring: "services",
  service_suspended: "services",
  service_suspended_overage: "services",
  service_terminated: "services",
  service_held: "services",
  service_resumed: "services",
  topup_placed_offline: "balance",
  topup_paid: "balance",
  topup_refunded: "balance",
  auto_renewal_short: "balance",
  order_refunded_to_balance: "balance",
  balance_low: "balance",
  usage_threshold: "usage",
  usage_upgrade: "usage",
  usage_throttled: "usage",
  attack_started: "usage",
  attack_ended: "usage",
  attack_summary: "usage",
  certificate_issued: "certificates",
  certificate_failed: "certificates",
  certificate_expiring: "certificates",
  certificate_renewal_action: "certificates",
  monitor_down: "monitors",
  monitor_up: "monitors",
  ticket_opened: "tickets",
  ticket_reply: "tickets",
  ticket_closed: "tickets",
  password_changed: "security",
  two_factor_changed: "security",
  two_factor_reset: "security",
  account_locked: "security",
  email_changed: "security",
};

/**
 * Notices whose mail cannot be turned off: the account's security, and receipts of money paid or
 * refunded (a customer must be able to prove a payment from their mailbox).
 */
export const MAIL_REQUIRED_KINDS: readonly NoticeKind[] = ["security"];
export const MAIL_REQUIRED_EVENTS: readonly string[] = ["order_paid", "order_refunded", "topup_paid", "topup_refunded"];

/** A kind's notices that come within this long of its last mail wait for one digest mail. */
export const NOTICE_DIGEST_MINUTES = 60;

/** How many notices the bell lists. */
export const NOTICE_BELL_SIZE = 8;

const Kind = Type.Union(NOTICE_KINDS.map((kind) => Type.Literal(kind)));

/** GET /prod-api/notifications */
export const NotificationQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(Kind),
  unread: Type.Optional(Type.Boolean()),
});
export type NotificationQuery = Static<typeof NotificationQuery>;

/** POST /prod-api/notifications/read: these notices read, or (none named) every one. */
export const NotificationReadBody = Type.Object(
  { ids: Type.Optional(Type.Array(Id(), { maxItems: 100, uniqueItems: true })) },
  { additionalProperties: false },
);
export type NotificationReadBody = Static<typeof NotificationReadBody>;

export interface NotificationView {
  notificationId: number;
  kind: NoticeKind;
  event: string;
  title: string;
  /** Plain text: what the mail said, without its greeting. */
  body: string;
  /** Where in the console it leads ("" when nowhere). */
  link: string;
  read: boolean;
  createdAt: string;
}

/** The bell: the unread count and the newest notices. */
export interface NotificationBell {
  unread: number;
  latest: NotificationView[];
}

/** A customer's choice for one kind of notice: it is always kept in the console; mailed or not. */
export interface NoticePreference {
  kind: NoticeKind;
  mail: boolean;
  /** Its mail cannot be turned off (security); receipts are mailed whatever is chosen here. */
  mailRequired: boolean;
}

/** PUT /prod-api/notifications/preferences: the kinds whose mail is turned off. */
export const NoticePreferencesBody = Type.Object(
  { mailOff: Type.Array(Kind, { maxItems: NOTICE_KINDS.length, uniqueItems: true }) },
  { additionalProperties: false },
);
export type NoticePreferencesBody = Static<typeof NoticePreferencesBody>;
