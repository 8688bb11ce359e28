import type { BalanceAdjustment, BalanceAdjustmentBody, BalanceAdjustmentQuery } from "@rampart/contracts";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizBalanceAdjustment, sysUser } from "../../db/schema.ts";
import { adjustConfirmAbove } from "./adjustment-settings.ts";
import { postEntry } from "./balance-ledger.ts";
import { adjustableCurrencies, customerInScope } from "./customer-balances.ts";

type AdjustmentRow = typeof bizBalanceAdjustment.$inferSelect;

/** The operator asking or deciding, from their session. */
export interface Operator {
  userId: number;
  userName: string;
  /** The site they are bound to; null: every site. */
  siteScope: number | null;
}

export type AdjustmentResult =
  | { ok: true; adjustment: BalanceAdjustment }
  | { ok: false; reason: "missing" | "zero" | "decided" | "own" | "self" }
  | { ok: false; reason: "currency"; currencies: string[] }
  | { ok: false; reason: "insufficient"; balance: number; amount: number; currency: string };

/** Thrown inside an adjustment's transaction to undo it: the debit is more than the balance. */
class Uncovered extends Error {
  readonly balance: number;
  readonly amount: number;
  readonly currency: string;
  constructor(balance: number, amount: number, currency: string) {
    super("the balance does not cover the debit");
    this.balance = balance;
    this.amount = amount;
    this.currency = currency;
  }
}

/** The adjustment an operator asked for under an idempotency key (a retried submit's). */
async function adjustmentByKey(db: Db | Tx, requestedById: number, key: string): Promise<AdjustmentRow | undefined> {
  const [row] = await db
    .select()
    .from(bizBalanceAdjustment)
    .where(and(eq(bizBalanceAdjustment.requestedById, requestedById), eq(bizBalanceAdjustment.idempotencyKey, key)));
  return row;
}

/** An adjustment's ledger reference. */
export const adjustmentReference = (adjustmentId: number) => `ADJ-${adjustmentId}`;

/**
 * Posts an adjustment to the ledger and marks it posted, in the caller's transaction; a debit the
 * balance does not cover throws Uncovered (the transaction is undone, the adjustment stays as it was).
 */
async function post(tx: Tx, row: AdjustmentRow, decider: Operator, madeBy: string, now: Date): Promise<AdjustmentRow> {
  const posted = await postEntry(tx, {
    userId: row.userId,
    currency: row.currency,
    amount: row.amount,
    kind: "adjustment",
    reference: adjustmentReference(row.adjustmentId),
    madeBy,
    note: row.reason,
    now,
  });
  if (!posted.ok) throw new Uncovered(posted.balance, row.amount, row.currency);
  const [updated] = await tx
    .update(bizBalanceAdjustment)
    .set({
      status: "posted",
      decidedById: decider.userId,
      decidedBy: decider.userName,
      decidedAt: now,
      entryId: posted.entry.entryId,
    })
    .where(eq(bizBalanceAdjustment.adjustmentId, row.adjustmentId))
    .returning();
  return updated!;
}

/**
 * An operator's correction of a customer's balance, with its reason (Business → Balances). Up to
 * the amount in settings it is posted at once; above it, it waits for a second operator (the
 * two-person rule). Refused: a customer the operator may not see (missing), a currency the customer
 * neither holds nor is sold in, a debit the balance does not cover (nothing is kept). A retried
 * submit (same operator, same key) answers the adjustment already made.
 */
export async function requestAdjustment(
  db: Db,
  body: BalanceAdjustmentBody,
  operator: Operator,
  now: Date,
): Promise<AdjustmentResult> {
  if (body.amount === 0) return { ok: false, reason: "zero" };
  // Nobody moves their own money: an operator's balance is adjusted by another.
  if (body.userId === operator.userId) return { ok: false, reason: "self" };
  const customer = await customerInScope(db, body.userId, operator.siteScope);
  if (!customer) return { ok: false, reason: "missing" };
  const earlier = await adjustmentByKey(db, operator.userId, body.idempotencyKey);
  if (earlier) return { ok: true, adjustment: adjustmentView(earlier, customer.userName) };
  const currencies = await adjustableCurrencies(db, customer);
  if (!currencies.includes(body.currency)) return { ok: false, reason: "currency", currencies };
  const needsSecond = Math.abs(body.amount) > (await adjustConfirmAbove(db));
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bizBalanceAdjustment)
        .values({
          userId: customer.userId,
          currency: body.currency,
          amount: body.amount,
          reason: body.reason.trim(),
          status: "pending",
          requestedById: operator.userId,
          requestedBy: operator.userName,
          idempotencyKey: body.idempotencyKey,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // The same submit, racing this one: its adjustment.
        const raced = await adjustmentByKey(tx, operator.userId, body.idempotencyKey);
        return { ok: true as const, adjustment: adjustmentView(raced!, customer.userName) };
      }
      const kept = needsSecond ? row : await post(tx, row, operator, operator.userName, now);
      return { ok: true as const, adjustment: adjustmentView(kept, customer.userName) };
    });
  } catch (error) {
    if (error instanceof Uncovered)
      return {
        ok: false,
        reason: "insufficient",
        balance: error.balance,
        amount: error.amount,
        currency: error.currency,
      };
    throw error;
  }
}

/**
 * A second operator's decision on a pending adjustment: confirmed (posted to the ledger, made by
 * both of them) or rejected. The operator who asked for it cannot decide it; one already decided
 * is not decided again, however many operators press at once (its row is locked).
 */
export async function decideAdjustment(
  db: Db,
  adjustmentId: number,
  decision: "confirm" | "reject",
  operator: Operator,
  now: Date,
): Promise<AdjustmentResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bizBalanceAdjustment)
        .where(eq(bizBalanceAdjustment.adjustmentId, adjustmentId))
        .for("update");
      const customer = row ? await customerInScope(tx, row.userId, operator.siteScope) : null;
      if (!row || !customer) return { ok: false as const, reason: "missing" as const };
      if (row.status !== "pending") return { ok: false as const, reason: "decided" as const };
      if (row.requestedById === operator.userId) return { ok: false as const, reason: "own" as const };
      if (row.userId === operator.userId) return { ok: false as const, reason: "self" as const };
      if (decision === "reject") {
        const [rejected] = await tx
          .update(bizBalanceAdjustment)
          .set({ status: "rejected", decidedById: operator.userId, decidedBy: operator.userName, decidedAt: now })
          .where(eq(bizBalanceAdjustment.adjustmentId, adjustmentId))
          .returning();
        return { ok: true as const, adjustment: adjustmentView(rejected!, customer.userName) };
      }
      const madeBy = `${row.requestedBy}, ${operator.userName}`;
      return {
        ok: true as const,
        adjustment: adjustmentView(await post(tx, row, operator, madeBy, now), customer.userName),
      };
    });
  } catch (error) {
    if (error instanceof Uncovered)
      return {
        ok: false,
        reason: "insufficient",
        balance: error.balance,
        amount: error.amount,
        currency: error.currency,
      };
    throw error;
  }
}

/** Adjustments newest first (pending ones for the second operator to decide), within the operator's site. */
export async function listAdjustments(
  db: Db,
  query: BalanceAdjustmentQuery,
  siteScope: number | null,
): Promise<{ rows: BalanceAdjustment[]; total: number }> {
  const where: SQL | undefined = and(
    query.status ? eq(bizBalanceAdjustment.status, query.status) : undefined,
    query.userId ? eq(bizBalanceAdjustment.userId, query.userId) : undefined,
    siteScope === null ? undefined : eq(sysUser.siteId, siteScope),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ adjustment: bizBalanceAdjustment, userName: sysUser.userName })
      .from(bizBalanceAdjustment)
      .innerJoin(sysUser, eq(sysUser.userId, bizBalanceAdjustment.userId))
      .where(where)
      .orderBy(desc(bizBalanceAdjustment.adjustmentId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(bizBalanceAdjustment)
      .innerJoin(sysUser, eq(sysUser.userId, bizBalanceAdjustment.userId))
      .where(where),
  ]);
  return {
    rows: rows.map(({ adjustment, userName }) => adjustmentView(adjustment, userName)),
    total: counted?.total ?? 0,
  };
}

export function adjustmentView(row: AdjustmentRow, userName: string): BalanceAdjustment {
  return {
    adjustmentId: row.adjustmentId,
    userId: row.userId,
    userName,
    currency: row.currency,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    entryId: row.entryId,
    createdAt: row.createdAt.toISOString(),
  };
}
