import type { BalanceAccount } from "@rampart/contracts";
import { monthlyPrice, periodPrice } from "@rampart/pricing";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, sysSite } from "../../db/schema.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";

/** How far ahead the default low-balance threshold looks. */
export const RENEWALS_AHEAD_DAYS = 30;

/**
 * What a customer's packages that renew from the balance will cost in the next 30 days, per
 * currency: each such package ending by then, at its unpaid renewal order's amount when one is
 * placed, else at its price list's price for the same package and duration (before any coupon).
 */
export async function renewalsDue(
  db: Db,
  priceLists: PriceLists,
  userIds: number[],
  now: Date,
): Promise<Map<number, BalanceAccount[]>> {
  const due = new Map<number, BalanceAccount[]>();
  if (userIds.length === 0) return due;
  // Named with its table: a query of one table writes its columns bare, and inside the subqueries a
  // bare "order_no" would be the subquery's own order's.
  const serviceOrderNo = sql`${sql.identifier("biz_service")}.${sql.identifier("order_no")}`;
  const services = await db
    .select({
      service: bizService,
      currency: sql<string | null>`(select coalesce(s.currency, d.currency)
                                      from ${bizOrder} o left join ${sysSite} s on s.site_id = o.site_id
                                      cross join (select currency from ${sysSite} where is_default limit 1) d
                                     where o.order_no = ${serviceOrderNo})`,
      unpaid: sql<number | null>`(select min(r.amount) from ${bizOrder} r
                                   where r.service_order_no = ${serviceOrderNo}
                                     and r.action = 'renew' and r.status = 'unpaid')`,
    })
    .from(bizService)
    .where(
      and(
        inArray(bizService.userId, userIds),
        eq(bizService.autoRenew, true),
        eq(bizService.cancelAtPeriodEnd, false),
        inArray(bizService.state, ["active", "grace", "suspended"]),
        lte(bizService.expiresAt, new Date(now.getTime() + RENEWALS_AHEAD_DAYS * 86_400_000)),
      ),
    );
  for (const { service, currency: found, unpaid } of services) {
    const currency = (found ?? "CNY").trim().toUpperCase();
    const amount =
      unpaid !== null
        ? Number(unpaid)
        : periodPrice(
            monthlyPrice(await priceLists.forCurrency(currency), service.configuration),
            service.configuration.duration,
          );
    const accounts = due.get(service.userId) ?? [];
    const account = accounts.find((a) => a.currency === currency);
    if (account) account.amount += amount;
    else accounts.push({ currency, amount });
    due.set(service.userId, accounts);
  }
  return due;
}
