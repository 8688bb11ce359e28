import type { CustomerBalance, CustomerBalanceQuery, CustomerLedger, CustomerLedgerQuery } from "@rampart/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizBalance, sysSite, sysUser } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { BASE_CURRENCY } from "../catalogue/service.ts";
import { adjustConfirmAbove } from "./adjustment-settings.ts";
import { balancesOf } from "./balance-ledger.ts";
import { ledgerPage } from "./balance-statement.ts";

export interface ScopedCustomer {
  userId: number;
  userName: string;
  nickName: string;
  email: string;
  siteId: number | null;
}

/** A customer an operator may see: any, or, for an operator bound to a site, that site's only. */
export async function customerInScope(
  db: Db | Tx,
  userId: number,
  siteScope: number | null,
): Promise<ScopedCustomer | null> {
  const [customer] = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      email: sysUser.email,
      siteId: sysUser.siteId,
    })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), siteScope === null ? undefined : eq(sysUser.siteId, siteScope)));
  return customer ?? null;
}

/** The currency a customer's site sells in (the default site's for a customer of none). */
async function siteCurrency(db: Db | Tx, siteId: number | null): Promise<string> {
  const [site] = await db
    .select({ currency: sysSite.currency })
    .from(sysSite)
    .where(siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, siteId));
  return (site?.currency ?? BASE_CURRENCY).toUpperCase();
}

/** What an adjustment of a customer's balance may be in: the currencies they hold, and their site's. */
export async function adjustableCurrencies(db: Db | Tx, customer: ScopedCustomer): Promise<string[]> {
  const held = (await balancesOf(db, customer.userId)).map((account) => account.currency);
  return [...new Set([await siteCurrency(db, customer.siteId), ...held])].sort();
}

/**
 * Business → Balances: every customer the operator may see with each balance they hold (one at
 * zero, in their site's currency, for a customer who never had one), largest first, searched by
 * name or address and currency, a page at a time.
 */
export async function listCustomerBalances(
  db: Db,
  query: CustomerBalanceQuery,
  siteScope: number | null,
): Promise<{ rows: CustomerBalance[]; total: number }> {
  const currency = sql`coalesce(b.currency, s.currency, (select d.currency from ${sysSite} d where d.is_default limit 1), ${BASE_CURRENCY})`;
  const filters: SQL[] = [sql`true`];
  if (siteScope !== null) filters.push(sql`u.site_id = ${siteScope}`);
  if (query.customer) {
    const like = `%${query.customer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(u.user_name ilike ${like} or u.nick_name ilike ${like} or u.email ilike ${like})`);
  }
  if (query.currency) filters.push(sql`upper(${currency}) = ${query.currency}`);
  if (query.funded) filters.push(sql`coalesce(b.amount, 0) > 0`);
  const where = sql.join(filters, sql` and `);
  const from = sql`from ${sysUser} u
    left join ${bizBalance} b on b.user_id = u.user_id
    left join ${sysSite} s on s.site_id = u.site_id`;
  const [rows, [counted]] = await Promise.all([
    sqlRows<{
      user_id: number;
      user_name: string;
      nick_name: string;
      email: string;
      currency: string;
      amount: string;
      updated_at: Date | string | null;
    }>(
      db,
      sql`select u.user_id, u.user_name, u.nick_name, u.email, upper(${currency}) as currency,
                 coalesce(b.amount, 0) as amount, b.updated_at
          ${from} where ${where}
          order by coalesce(b.amount, 0) desc, u.user_id, b.currency
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
    ),
    sqlRows<{ total: string }>(db, sql`select count(*) as total ${from} where ${where}`),
  ]);
  return {
    rows: rows.map((row) => ({
      userId: Number(row.user_id),
      userName: row.user_name,
      nickName: row.nick_name,
      email: row.email,
      currency: row.currency,
      amount: Number(row.amount),
      updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** A customer's balances and ledger as an operator reads them, with what an adjustment may be; null: not theirs to see. */
export async function customerLedger(
  db: Db,
  query: CustomerLedgerQuery,
  siteScope: number | null,
): Promise<CustomerLedger | null> {
  const customer = await customerInScope(db, query.userId, siteScope);
  if (!customer) return null;
  const [accounts, page, currencies, confirmAbove] = await Promise.all([
    balancesOf(db, customer.userId),
    ledgerPage(db, customer.userId, query),
    adjustableCurrencies(db, customer),
    adjustConfirmAbove(db),
  ]);
  const { siteId: _, ...shown } = customer;
  return { customer: shown, accounts, ...page, currencies, confirmAbove };
}
