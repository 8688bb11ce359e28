import type { BalanceEntry, MyBalanceQuery } from "@rampart/contracts";
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizBalance, bizBalanceEntry, sysSite, sysUser } from "../../db/schema.ts";
import type { StatementDocument } from "../invoices/statement-pdf.ts";
import { readerTimeZone } from "../mail/mail-time.ts";

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

/**
 * A month's statement of a customer's balance in one currency (the PDF's content): every entry of
 * the month oldest first, the balance before it and after it, the customer as their account names
 * them and the site they buy from, times in their zone (else their site's).
 */
export async function monthStatement(
  db: Db,
  userId: number,
  month: string,
  currency: string,
  now: Date,
): Promise<StatementDocument | null> {
  const [customer] = await db
    .select({
      name: sysUser.billingName,
      nickName: sysUser.nickName,
      userName: sysUser.userName,
      email: sysUser.email,
      timeZone: sysUser.timeZone,
      siteId: sysUser.siteId,
    })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  if (!customer) return null;
  const [site] = await db
    .select({ company: sysSite.company, timeZone: sysSite.timeZone })
    .from(sysSite)
    .where(customer.siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, customer.siteId));
  const [start, end] = monthRange(month);
  const [balance] = await db
    .select({ balanceId: bizBalance.balanceId })
    .from(bizBalance)
    .where(and(eq(bizBalance.userId, userId), eq(bizBalance.currency, currency)));
  const entries = balance
    ? await db
        .select()
        .from(bizBalanceEntry)
        .where(
          and(
            eq(bizBalanceEntry.balanceId, balance.balanceId),
            gte(bizBalanceEntry.createdAt, start),
            lt(bizBalanceEntry.createdAt, end),
          ),
        )
        .orderBy(asc(bizBalanceEntry.entryId))
    : [];
  const [before] = balance
    ? await db
        .select({ balanceAfter: bizBalanceEntry.balanceAfter })
        .from(bizBalanceEntry)
        .where(and(eq(bizBalanceEntry.balanceId, balance.balanceId), lt(bizBalanceEntry.createdAt, start)))
        .orderBy(desc(bizBalanceEntry.entryId))
        .limit(1)
    : [];
  const opening = before?.balanceAfter ?? 0;
  return {
    company: site?.company ?? "",
    customer: { name: customer.name || customer.nickName || customer.userName, email: customer.email },
    currency,
    month,
    timeZone: readerTimeZone(customer.timeZone, site?.timeZone ?? "UTC"),
    opening,
    closing: entries.at(-1)?.balanceAfter ?? opening,
    entries: entries.map((entry) => ({
      createdAt: entry.createdAt.toISOString(),
      kind: entry.kind,
      reference: entry.kind === "reversal" && entry.reverses !== null ? `#${entry.reverses}` : entry.reference,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      note: entry.note,
    })),
    issuedAt: now.toISOString(),
  };
}
