import type { DashboardView } from "@rampart/contracts";
import { and, count, eq, gt, gte, lt, ne, type SQLWrapper, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizLead, bizOrder, bizService } from "../../db/schema.ts";

const DAY_MS = 86_400_000;
const BITS_PER_MBPS = 1_000_000;

/**
 * Whose records a dashboard counts: one customer's (`userId`), one site's (`siteId`), or all.
 * Leads are counted only when `leads` is true (the caller may list them).
 */
export type DashboardFilter =
  | { scope: "own"; userId: number; leads: false }
  | { scope: "site"; siteId: number; leads: boolean }
  | { scope: "all"; leads: boolean };

export interface DashboardWindow {
  now: Date;
  days: number;
  /** Minutes east of UTC: the viewer's day boundaries. */
  utcOffset: number;
}

/** The viewer's calendar day of an instant, as YYYY-MM-DD. */
const localDay = (at: Date, utcOffset: number) =>
  new Date(at.getTime() + utcOffset * 60_000).toISOString().slice(0, 10);

/** The first instant of the window: the viewer's midnight `days - 1` days before today. */
function windowStart({ now, days, utcOffset }: DashboardWindow): Date {
  const today = localDay(now, utcOffset);
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS - utcOffset * 60_000);
}

/**
 * SQL for "the viewer's day of this timestamp", the same rule as `localDay`. The offset is written
 * into the statement (a checked integer), so that the select and its GROUP BY are the same expression.
 */
const dayOf = (column: SQLWrapper, utcOffset: number) => {
  if (!Number.isInteger(utcOffset)) throw new TypeError(`utcOffset must be an integer, not ${utcOffset}`);
  return sql<string>`to_char((${column} at time zone 'UTC') + interval '${sql.raw(String(utcOffset))} minutes', 'YYYY-MM-DD')`;
};

function perDay(days: string[], rows: { day: string; n: number | string }[]): number[] {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return days.map((day) => byDay.get(day) ?? 0);
}

/**
 * The dashboard of spec issue 7 for one scope: orders and leads per day, paid revenue per product,
 * the mix of order statuses, and the business bandwidth of the packages in force each day.
 */
export async function dashboardFor(db: Db, filter: DashboardFilter, window: DashboardWindow): Promise<DashboardView> {
  const start = windowStart(window);
  const days = Array.from({ length: window.days }, (_, i) =>
    localDay(new Date(start.getTime() + i * DAY_MS), window.utcOffset),
  );
  const orderScope =
    filter.scope === "own"
      ? eq(bizOrder.userId, filter.userId)
      : filter.scope === "site"
        ? eq(bizOrder.siteId, filter.siteId)
        : undefined;
  const serviceScope =
    filter.scope === "own"
      ? eq(bizService.userId, filter.userId)
      : filter.scope === "site"
        ? eq(bizService.siteId, filter.siteId)
        : undefined;
  const created = and(orderScope, gte(bizOrder.createdAt, start));
  const createdDay = dayOf(bizOrder.createdAt, window.utcOffset);
  const paidDay = dayOf(bizOrder.paidAt, window.utcOffset);
  const leadDay = dayOf(bizLead.createdAt, window.utcOffset);

  const [ordersPerDay, paidPerDay, leadsPerDay, revenue, statusMix, services] = await Promise.all([
    db.select({ day: createdDay, n: count() }).from(bizOrder).where(created).groupBy(createdDay),
    db
      .select({ day: paidDay, n: count() })
      .from(bizOrder)
      .where(and(orderScope, gte(bizOrder.paidAt, start)))
      .groupBy(paidDay),
    filter.leads
      ? db
          .select({ day: leadDay, n: count() })
          .from(bizLead)
          .where(
            and(filter.scope === "site" ? eq(bizLead.siteId, filter.siteId) : undefined, gte(bizLead.createdAt, start)),
          )
          .groupBy(leadDay)
      : null,
    db
      .select({ product: bizOrder.product, currency: bizOrder.currency, amount: sum(bizOrder.amount) })
      .from(bizOrder)
      // A top-up is money held for the customer, not a sale: the order its balance pays is counted.
      .where(and(orderScope, eq(bizOrder.status, "paid"), ne(bizOrder.action, "topup"), gte(bizOrder.paidAt, start)))
      .groupBy(bizOrder.product, bizOrder.currency)
      .orderBy(bizOrder.product, bizOrder.currency),
    db
      .select({ status: bizOrder.status, n: count() })
      .from(bizOrder)
      .where(created)
      .groupBy(bizOrder.status)
      .orderBy(bizOrder.status),
    db
      .select({
        createdAt: bizService.createdAt,
        expiresAt: bizService.expiresAt,
        bandwidth: sql<number | null>`(${bizService.configuration} -> 'quantities' ->> 'bandwidth')::numeric`,
      })
      .from(bizService)
      .where(and(serviceScope, gt(bizService.expiresAt, start), lt(bizService.createdAt, window.now))),
  ]);

  // A package counts on a day when it was in force at some moment of that day.
  const bandwidthPerDay = days.map((_, i) => {
    const from = start.getTime() + i * DAY_MS;
    const to = from + DAY_MS;
    return services.reduce(
      (total, s) =>
        s.createdAt.getTime() < to && s.expiresAt.getTime() > from
          ? total + Number(s.bandwidth ?? 0) * BITS_PER_MBPS
          : total,
      0,
    );
  });

  return {
    scope: filter.scope,
    days,
    ordersPerDay: perDay(days, ordersPerDay),
    paidPerDay: perDay(days, paidPerDay),
    leadsPerDay: leadsPerDay ? perDay(days, leadsPerDay) : null,
    revenue: revenue.map((row) => ({ product: row.product, currency: row.currency, amount: Number(row.amount ?? 0) })),
    statusMix: statusMix.map((row) => ({ status: row.status, count: Number(row.n) })),
    bandwidthPerDay,
  };
}
