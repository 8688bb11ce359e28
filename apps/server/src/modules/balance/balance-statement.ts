import { type BalanceEntry, isTimeZone, type MyBalanceQuery } from "@rampart/contracts";
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizBalance, bizBalanceEntry, sysSite, sysUser } from "../../db/schema.ts";
import type { StatementDocument } from "../invoices/statement-pdf.ts";
import { readerTimeZone } from "../mail/mail-time.ts";
import { dayStart } from "../usage-views/usage-ranges.ts";

/** The instants a month (YYYY-MM) begins and ends (excluded) on the clocks of a time zone. */
function monthRange(month: string, timeZone: string): [Date, Date] {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
  return [dayStart(`${month}-01`, timeZone), dayStart(`${next}-01`, timeZone)];
}

/**
 * The zone a reader's months are counted in: the one their page says it shows (their profile's
 * choice, else their browser's), else their profile's, else their site's, else UTC.
 */
async function readerZone(db: Db, userId: number, asked: string | undefined): Promise<string> {
  if (asked && isTimeZone(asked)) return asked;
  const [row] = await db
    .select({ own: sysUser.timeZone, site: sysSite.timeZone })
    .from(sysUser)
    .leftJoin(sysSite, eq(sysSite.siteId, sysUser.siteId))
    .where(eq(sysUser.userId, userId));
  if (row?.site != null || !row) return readerTimeZone(row?.own ?? "", row?.site ?? "UTC");
  const [fallback] = await db.select({ zone: sysSite.timeZone }).from(sysSite).where(eq(sysSite.isDefault, true));
  return readerTimeZone(row.own, fallback?.zone ?? "UTC");
}

/** A user's ledger, newest first, filtered by kind, currency and month (the reader's), a page at a time. */
export async function ledgerPage(
  db: Db,
  userId: number,
  query: MyBalanceQuery,
): Promise<{ entries: BalanceEntry[]; total: number }> {
  const pageSize = query.pageSize ?? 20;
  const pageNum = query.pageNum ?? 1;
  const range = query.month ? monthRange(query.month, await readerZone(db, userId, query.timeZone)) : null;
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
 * them and the site they buy from; the month and its times in the zone their page shows (`asked`),
 * else their profile's, else their site's.
 */
export async function monthStatement(
  db: Db,
  userId: number,
  month: string,
  currency: string,
  now: Date,
  asked?: string,
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
  const timeZone = asked && isTimeZone(asked) ? asked : readerTimeZone(customer.timeZone, site?.timeZone ?? "UTC");
  const [start, end] = monthRange(month, timeZone);
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
    timeZone,
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
