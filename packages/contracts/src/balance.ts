import { type Static, Type } from "typebox";

/**
 * A customer's balance (issue 41): money kept with the provider, one balance per currency, which
 * pays orders without a trip to the cashier. It is the sum of an append-only ledger; nothing in it
 * is changed or deleted, a mistake is answered by a reversing entry.
 *
 *   topup       money paid in through a channel (a top-up order paid)
 *   payment     an order paid from the balance (negative)
 *   refund      an order's amount given back to the balance by an operator
 *   credit      a downgrade's or a goodwill credit
 *   adjustment  an operator's correction, with its reason (either sign)
 *   reversal    the exact opposite of an earlier entry (a held part released, a mistake undone)
 */
export const BALANCE_ENTRY_KINDS = ["topup", "payment", "refund", "credit", "adjustment", "reversal"] as const;
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
  /** Entries of one calendar month, YYYY-MM (UTC). */
  month: Type.Optional(Type.String({ pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$" })),
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

/** The customer's balance preferences: whether their new packages renew from the balance. */
export const BalancePreferences = Type.Object({ autoRenewNew: Type.Boolean() }, { additionalProperties: false });
export type BalancePreferences = Static<typeof BalancePreferences>;
