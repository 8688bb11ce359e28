import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, MultiLine, SingleLine } from "./field-kinds.ts";

/** The largest adjustment (or alert amount) there can be, either way: 10 billion major units of two decimals. */
export const MAX_ADJUSTMENT = 1_000_000_000_000;

/**
 * A customer's balance (issue 41): money kept with the provider, one balance per currency, which
 * pays orders without a trip to the cashier. It is the sum of an append-only ledger; nothing in it
 * is changed or deleted, a mistake is answered by a reversing entry.
 *
 *   topup       money paid in through a channel (a top-up order paid)
 *   payment     an order paid from the balance (negative)
 *   hold        part of an order taken from the balance while the rest is paid through a channel
 *               (negative; reversed when the order closes unpaid)
 *   refund      an order's amount given back to the balance by an operator
 *   credit      a downgrade's or a goodwill credit
 *   adjustment  an operator's correction, with its reason (either sign)
 *   reversal    the exact opposite of an earlier entry (a held part released, a mistake undone)
 */
export const BALANCE_ENTRY_KINDS = ["topup", "payment", "hold", "refund", "credit", "adjustment", "reversal"] as const;
export type BalanceEntryKind = (typeof BALANCE_ENTRY_KINDS)[number];
export const BalanceEntryKind = Type.Unsafe<BalanceEntryKind>(
  Type.Union(BALANCE_ENTRY_KINDS.map((kind) => Type.Literal(kind))),
);

/** One line of the ledger, as its owner and the operators read it. */
export const BalanceEntry = Type.Object({
  entryId: Type.Integer(),
  currency: Type.String(),
  /** Minor units; positive credits the balance, negative debits it. */
  amount: Type.Integer(),
  kind: BalanceEntryKind,
  /** What it is about: an order number, a top-up's order number, an operator's adjustment number. */
  reference: Type.String(),
  /** The entry it reverses (reversal entries only). */
  reverses: Type.Union([Type.Integer(), Type.Null()]),
  /** Who made it: an operator's user name, the customer's, or the job's name ("renewal"). */
  madeBy: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  /** The balance in its currency right after it. */
  balanceAfter: Type.Integer(),
  createdAt: Type.String(),
});
export type BalanceEntry = Static<typeof BalanceEntry>;

/** A balance in one currency. */
export const BalanceAccount = Type.Object({
  currency: Type.String(),
  /** Minor units, never below zero. */
  amount: Type.Integer(),
});
export type BalanceAccount = Static<typeof BalanceAccount>;

/** Control center → Balance: the caller's balances and a page of their ledger, newest first. */
export const MyBalance = Type.Object({
  accounts: Type.Array(BalanceAccount),
  entries: Type.Array(BalanceEntry),
  total: Type.Integer(),
});
export type MyBalance = Static<typeof MyBalance>;

export const MyBalanceQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  kind: Type.Optional(BalanceEntryKind),
  currency: Type.Optional(Type.String({ pattern: "^[A-Z]{3}$" })),
  /** Entries of one calendar month, YYYY-MM, as the reader's clock has it (timeZone). */
  month: Type.Optional(Type.String({ pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$" })),
  /**
   * The reader's time zone (IANA), in which a month begins and ends; absent or unknown: the one
   * chosen in their profile, else their site's, else UTC.
   */
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type MyBalanceQuery = Static<typeof MyBalanceQuery>;

/**
 * Control center → Balance → Top up: an amount paid in through a channel. It is placed as an order
 * of action "topup" (product "balance"), paid like any order (the cashier, or by bank transfer),
 * and credits the balance once when paid; it never creates a service and is not itself payable
 * from the balance.
 */
export const TopUpBody = Type.Object({
  /** Minor units, within the site's bounds (settings). */
  amount: Type.Integer({ minimum: 1 }),
  /** The currency of the caller's site (the balance it credits); absent: the site's. */
  currency: Type.Optional(Type.String({ pattern: "^[A-Z]{3}$" })),
  payMethod: Type.Union([Type.Literal("alipayGlobal"), Type.Literal("alipay"), Type.Literal("offline")]),
  /** One per submit: a retried submit answers with the top-up it already made. */
  idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9-]+$" }),
});
export type TopUpBody = Static<typeof TopUpBody>;

/**
 * When the customer is told their balance is low, once each time it falls below:
 *   renewals  below what their packages renewing from it cost in the next 30 days (the default)
 *   amount    below an amount they chose (minor units)
 *   off       never
 */
export const LowBalanceAlert = Type.Object(
  {
    mode: Type.Union([Type.Literal("renewals"), Type.Literal("amount"), Type.Literal("off")]),
    /** Minor units; with mode "amount" only (and then required). */
    amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ADJUSTMENT })),
  },
  // One object, not a union of three: the validator strips unknown properties branch by branch.
  { additionalProperties: false },
);
export type LowBalanceAlert = Static<typeof LowBalanceAlert>;

/** The customer's balance preferences: whether their new packages renew from the balance, and the low-balance alert. */
export const BalancePreferences = Type.Object(
  { autoRenewNew: Type.Boolean(), lowBalance: Type.Optional(LowBalanceAlert) },
  { additionalProperties: false },
);
export type BalancePreferences = Static<typeof BalancePreferences>;

/** The preferences as read back, with what the next 30 days of renewals from the balance cost, per currency. */
export const BalancePreferencesView = Type.Object({
  autoRenewNew: Type.Boolean(),
  lowBalance: LowBalanceAlert,
  renewalsDue: Type.Array(BalanceAccount),
});
export type BalancePreferencesView = Static<typeof BalancePreferencesView>;

/**
 * Business → Balances: one row per customer and currency they hold (a customer who never had a
 * balance: one row at zero, in their site's currency), largest balance first. An operator bound to
 * a site sees that site's customers only.
 */
export const CustomerBalance = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  email: Type.String(),
  currency: Type.String(),
  amount: Type.Integer(),
  /** When the balance last moved; null for one never used. */
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type CustomerBalance = Static<typeof CustomerBalance>;

export const CustomerBalanceQuery = Type.Object({
  ...PageQuery,
  /** Part of the customer's user name, nickname or e-mail address. */
  customer: Type.Optional(SingleLine({ maxLength: 64 })),
  currency: Type.Optional(Type.String({ pattern: "^[A-Z]{3}$" })),
  /** Only balances above zero. */
  funded: Type.Optional(Type.Boolean()),
});
export type CustomerBalanceQuery = Static<typeof CustomerBalanceQuery>;

/** A customer's ledger as an operator reads it, and what an adjustment of it may be. */
export const CustomerLedger = Type.Object({
  customer: Type.Object({
    userId: Type.Integer(),
    userName: Type.String(),
    nickName: Type.String(),
    email: Type.String(),
  }),
  accounts: Type.Array(BalanceAccount),
  entries: Type.Array(BalanceEntry),
  total: Type.Integer(),
  /** The currencies an adjustment may be in: those they hold, and their site's. */
  currencies: Type.Array(Type.String()),
  /** Adjustments larger than this (minor units, either sign) wait for a second operator. */
  confirmAbove: Type.Integer(),
});
export type CustomerLedger = Static<typeof CustomerLedger>;

export const CustomerLedgerQuery = Type.Object({
  ...MyBalanceQuery.properties,
  userId: Id(),
});
export type CustomerLedgerQuery = Static<typeof CustomerLedgerQuery>;

/** An operator's correction of a customer's balance, with its reason (business:balance:adjust). */
export const BalanceAdjustmentBody = Type.Object(
  {
    userId: Id(),
    currency: Type.String({ pattern: "^[A-Z]{3}$" }),
    /** Minor units, non-zero: positive credits, negative debits. */
    amount: Type.Integer({ minimum: -MAX_ADJUSTMENT, maximum: MAX_ADJUSTMENT }),
    /** Why: kept on the adjustment and the ledger entry, which the customer reads. */
    reason: MultiLine({ minLength: 3, maxLength: 500 }),
    /** One per submit: a retried submit answers the adjustment it already made. */
    idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9-]+$" }),
  },
  { additionalProperties: false },
);
export type BalanceAdjustmentBody = Static<typeof BalanceAdjustmentBody>;

/**
 * An adjustment's state: posted to the ledger; pending (above the amount that needs a second
 * operator, waiting for one); rejected by a second operator.
 */
export const ADJUSTMENT_STATUSES = ["pending", "posted", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const AdjustmentStatus = Type.Unsafe<AdjustmentStatus>(
  Type.Union(ADJUSTMENT_STATUSES.map((status) => Type.Literal(status))),
);

export const BalanceAdjustment = Type.Object({
  adjustmentId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  currency: Type.String(),
  amount: Type.Integer(),
  reason: Type.String(),
  status: AdjustmentStatus,
  requestedBy: Type.String(),
  /** The second operator who confirmed or rejected it (the requester themselves when it needed none). */
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** Its ledger entry, once posted. */
  entryId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type BalanceAdjustment = Static<typeof BalanceAdjustment>;

export const BalanceAdjustmentQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(AdjustmentStatus),
  userId: Type.Optional(Id()),
});
export type BalanceAdjustmentQuery = Static<typeof BalanceAdjustmentQuery>;

/**
 * What the daily reconciliation found wrong (never repaired, reported to operators):
 *   ledger       a balance that is not the sum of its entries (or not what its last entry says)
 *   uncredited   a top-up paid (or refunded) whose credit was never posted
 *   unpaid       a top-up credit with no paid top-up of that amount behind it
 *   unrecorded   a top-up paid online with no word from the channel on record
 *   kept         a refunded top-up whose credit is still in the balance
 */
export const RECONCILIATION_KINDS = ["ledger", "uncredited", "unpaid", "unrecorded", "kept"] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const ReconciliationProblem = Type.Object({
  kind: Type.Unsafe<ReconciliationKind>(Type.Union(RECONCILIATION_KINDS.map((kind) => Type.Literal(kind)))),
  userName: Type.String(),
  /** The customer's site (null: none): an operator bound to a site sees its own customers' problems only. */
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  currency: Type.String(),
  /** The top-up's order number (ledger problems: none). */
  orderNo: Type.Union([Type.String(), Type.Null()]),
  /** Minor units: the balance kept (ledger) or the top-up's amount. */
  amount: Type.Integer(),
  /** What it should be: the sum of the entries (ledger) or the amount credited (unpaid). */
  expected: Type.Union([Type.Integer(), Type.Null()]),
});
export type ReconciliationProblem = Static<typeof ReconciliationProblem>;

/** The last reconciliation, as System monitoring → Server shows it. */
export const ReconciliationSummary = Type.Object({
  day: Type.String(),
  ranAt: Type.String(),
  balances: Type.Integer(),
  problems: Type.Array(ReconciliationProblem),
});
export type ReconciliationSummary = Static<typeof ReconciliationSummary>;

/** The settings of the balance (System → Settings), their keys and what a value may be. */
export const TOP_UP_SETTING_KEYS = { min: "sys.balance.topupMin", max: "sys.balance.topupMax" } as const;
/** A top-up bound: a whole number of minor units, 1 to 999,999,999,999. */
export const TOP_UP_BOUND_PATTERN = /^[1-9]\d{0,11}$/;
/** Adjustments larger than this (minor units, either sign) wait for a second operator. */
export const ADJUST_CONFIRM_SETTING = "sys.balance.adjustConfirmAbove";
/** The two-person amount: a whole number of minor units, 0 (every adjustment) to 999,999,999,999. */
export const ADJUST_CONFIRM_PATTERN = /^(0|[1-9]\d{0,11})$/;
