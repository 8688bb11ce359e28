import type { BalanceEntryKind } from "@rampart/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizBalance, bizBalanceEntry } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/**
 * The one way a balance changes (issue 41): an entry appended to its ledger and the balance moved
 * by it, in one transaction on the balance's locked row. The check that a debit is covered and the
 * debit itself happen under that lock, so no two debits (two processes, a renewal job and the
 * customer at once) can both spend the same money; the database refuses a negative balance anyway.
 * Each kind and reference is posted once: a repeat answers the entry already posted.
 */
export interface Posting {
  userId: number;
  currency: string;
  /** Minor units, non-zero: positive credits, negative debits. */
  amount: number;
  kind: BalanceEntryKind;
  reference: string;
  madeBy: string;
  note?: string | null | undefined;
  /** For a reversal: the entry it reverses. */
  reverses?: number | undefined;
  now: Date;
}

export type EntryRow = typeof bizBalanceEntry.$inferSelect;

export type PostingResult =
  | { ok: true; entry: EntryRow; balance: number; repeated: boolean }
  | { ok: false; reason: "insufficient"; balance: number };

/** The caller's balance row for the currency, made at zero when it has none, locked for the transaction. */
async function lockedBalance(tx: Tx, userId: number, currency: string, now: Date) {
  await tx.insert(bizBalance).values({ userId, currency, amount: 0, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(bizBalance)
    .where(and(eq(bizBalance.userId, userId), eq(bizBalance.currency, currency)))
    .for("update");
  return row!;
}

/** Posts one entry (see Posting), in the caller's transaction when given one. */
export async function postEntry(db: Db | Tx, posting: Posting): Promise<PostingResult> {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
    throw new Error(`a ledger entry's amount must be a non-zero integer (${posting.amount})`);
  return (db as Db).transaction(async (tx) => {
    const balance = await lockedBalance(tx, posting.userId, posting.currency, posting.now);
    const [earlier] = await tx
      .select()
      .from(bizBalanceEntry)
      .where(and(eq(bizBalanceEntry.kind, posting.kind), eq(bizBalanceEntry.reference, posting.reference)));
    if (earlier) return { ok: true, entry: earlier, balance: balance.amount, repeated: true };
    const after = balance.amount + posting.amount;
    if (after < 0) return { ok: false, reason: "insufficient", balance: balance.amount };
    await tx
      .update(bizBalance)
      .set({ amount: sql`${bizBalance.amount} + ${posting.amount}`, updatedAt: posting.now })
      .where(eq(bizBalance.balanceId, balance.balanceId));
    const [entry] = await tx
      .insert(bizBalanceEntry)
      .values({
        balanceId: balance.balanceId,
        amount: posting.amount,
        kind: posting.kind,
        reference: posting.reference,
        reverses: posting.reverses ?? null,
        madeBy: posting.madeBy.slice(0, 64),
        note: posting.note ? posting.note.slice(0, 500) : null,
        balanceAfter: after,
        createdAt: posting.now,
      })
      .returning();
    return { ok: true, entry: entry!, balance: after, repeated: false };
  });
}

/**
 * The exact opposite of an entry, once (a held part released, an operator's mistake undone). A
 * reversal that would take the balance below zero (the credit reversed was spent meanwhile) is
 * refused like any uncovered debit.
 */
export async function reverseEntry(
  db: Db | Tx,
  entryId: number,
  by: { madeBy: string; note?: string | null | undefined; now: Date },
): Promise<PostingResult | { ok: false; reason: "missing" }> {
  return (db as Db).transaction(async (tx) => {
    const [original] = await tx
      .select({ entry: bizBalanceEntry, userId: bizBalance.userId, currency: bizBalance.currency })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalanceEntry.entryId, entryId));
    if (!original || original.entry.kind === "reversal") return { ok: false, reason: "missing" };
    return postEntry(tx, {
      userId: original.userId,
      currency: original.currency,
      amount: -original.entry.amount,
      kind: "reversal",
      reference: String(entryId),
      reverses: entryId,
      madeBy: by.madeBy,
      note: by.note,
      now: by.now,
    });
  });
}

/** The entry of a kind and reference, if posted (an order's payment from the balance, say). */
export async function entryOf(db: Db | Tx, kind: BalanceEntryKind, reference: string): Promise<EntryRow | null> {
  const [entry] = await db
    .select()
    .from(bizBalanceEntry)
    .where(and(eq(bizBalanceEntry.kind, kind), eq(bizBalanceEntry.reference, reference)));
  return entry ?? null;
}

/** A user's balances, one per currency they ever had (zero included). */
export async function balancesOf(db: Db | Tx, userId: number): Promise<{ currency: string; amount: number }[]> {
  return db
    .select({ currency: bizBalance.currency, amount: bizBalance.amount })
    .from(bizBalance)
    .where(eq(bizBalance.userId, userId))
    .orderBy(bizBalance.currency);
}

/** A balance that does not equal the sum of its entries, or whose last entry says otherwise. */
export interface LedgerMismatch {
  balanceId: number;
  userId: number;
  currency: string;
  amount: number;
  sumOfEntries: number;
  lastBalanceAfter: number | null;
}

/**
 * Every balance checked against its ledger: the amount kept equals the sum of its entries and the
 * balance its last entry recorded. Empty when all is well; a mismatch is reported, never repaired.
 */
export async function ledgerMismatches(db: Db | Tx): Promise<LedgerMismatch[]> {
  const rows = await sqlRows<{
    balance_id: number;
    user_id: number;
    currency: string;
    amount: string;
    sum_of_entries: string;
    last_balance_after: string | null;
  }>(
    db,
    sql`
    select b.balance_id, b.user_id, b.currency, b.amount,
           coalesce(sum(e.amount), 0) as sum_of_entries,
           (select l.balance_after from ${bizBalanceEntry} l
             where l.balance_id = b.balance_id order by l.entry_id desc limit 1) as last_balance_after
      from ${bizBalance} b left join ${bizBalanceEntry} e on e.balance_id = b.balance_id
     group by b.balance_id
    having b.amount <> coalesce(sum(e.amount), 0)
        or b.amount <> coalesce((select l.balance_after from ${bizBalanceEntry} l
                                  where l.balance_id = b.balance_id order by l.entry_id desc limit 1), 0)
     order by b.balance_id`,
  );
  return rows.map((row) => ({
    balanceId: Number(row.balance_id),
    userId: Number(row.user_id),
    currency: row.currency,
    amount: Number(row.amount),
    sumOfEntries: Number(row.sum_of_entries),
    lastBalanceAfter: row.last_balance_after === null ? null : Number(row.last_balance_after),
  }));
}
