import type { BalanceEntry, MyBalanceQuery } from "@rampart/contracts";
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizBalance, bizBalanceEntry } from "../../db/schema.ts";

/** The entries of one month, YYYY-MM, in UTC. */
function monthRange(month: string): [Date, Date] {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return [new Date(Date.UTC(year, index - 1, 1)), new Date(Date.UTC(year, index, 1))];
}

/** A user's ledger, newest first, filtered by kind, currency and month, a page at a time. */
export async function ledgerPage(
  db: Db,
  userId: number,
  query: MyBalanceQuery,
): Promise<{ entries: BalanceEntry[]; total: number }> {
  const pageSize = query.pageSize ?? 20;
  const pageNum = query.pageNum ?? 1;
  const range = query.month ? monthRange(query.month) : null;
  const where: SQL | undefined = and(
    eq(bizBalance.userId, userId),
    query.currency ? eq(bizBalance.currency, query.currency) : undefined,
    query.kind ? eq(bizBalanceEntry.kind, query.kind) : undefined,
    range ? gte(bizBalanceEntry.createdAt, range[0]) : undefined,
    range ? lt(bizBalanceEntry.createdAt, range[1]) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: bizBalanceEntry, currency: bizBalance.currency })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(where)
      .orderBy(desc(bizBalanceEntry.entryId))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ total: count() })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(where),
  ]);
  return {
    entries: rows.map(({ entry, currency }) => ({
      entryId: entry.entryId,
      currency,
      amount: entry.amount,
      kind: entry.kind,
      reference: entry.reference,
      reverses: entry.reverses,
      madeBy: entry.madeBy,
      note: entry.note,
      balanceAfter: entry.balanceAfter,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
