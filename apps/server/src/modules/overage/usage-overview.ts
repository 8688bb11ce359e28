import type { UsageOverview, UsageOverviewQuery, UsageOverviewRow } from "@rampart/contracts";
import type { Catalogue, OverageFigures } from "@rampart/pricing";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizUsageMonth, sysUser } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { monthOf } from "../usage/usage-month.ts";
import { type BillingSite, billingSites } from "./billing-site.ts";
import { monthCommitments } from "./month-commitments.ts";
import { keptMonth, type MeasuredMonth, measureMonths, quoteMonth } from "./month-measure.ts";
import { type OverageCandidate, overageCandidates } from "./overage-candidates.ts";

/**
 * Business → Usage: a site's month (its calendar) of the packages sold by bandwidth, by customer,
 * most overage first: the overage order's amount where one was placed, else what the engine would
 * bill at the percentile so far; and the month's overage orders. An operator bound to a site sees
 * that site whatever is asked.
 */
export async function usageOverview(
  db: Db,
  priceLists: PriceLists,
  query: UsageOverviewQuery,
  siteScope: number | null,
  now: Date,
): Promise<UsageOverview> {
  const all = await billingSites(db);
  const sites = siteScope === null ? all : all.filter((s) => s.siteId === siteScope);
  const wanted = siteScope ?? query.siteId;
  const site =
    wanted === undefined ? (sites.find((s) => s.isDefault) ?? sites[0]) : sites.find((s) => s.siteId === wanted);
  if (!site) throw new NotFoundError("site_not_found");
  const current = await monthOf(db, now, site.timeZone);
  const month = query.month ? `${query.month}-01` : current;
  const candidates = (await overageCandidates(db, all, site, month)).filter(
    (c) => !query.product || c.product === query.product,
  );
  const catalogues = new Map<string, Catalogue>();
  for (const currency of new Set([site.currency, ...candidates.map((c) => c.currency)]))
    catalogues.set(currency, await priceLists.forCurrency(currency));
  const rows = await monthRows(db, site, { month, open: month >= current }, candidates, (service, use) =>
    quoteMonth(catalogues.get(service.currency)!, use),
  );
  return {
    month,
    siteId: site.siteId,
    sites: sites.map(({ siteId, company, timeZone }) => ({ siteId, company, timeZone })),
    currency: catalogues.get(site.currency)!.currency,
    rows: rows.sort((a, b) => b.overage - a.overage || b.p95Bps - a.p95Bps),
    orders: await monthOrders(db, site, month, query.product),
  };
}

type Quote = (service: OverageCandidate, use: MeasuredMonth) => { amount: number } | null;

async function monthRows(
  db: Db,
  site: BillingSite,
  { month, open }: { month: string; open: boolean },
  candidates: OverageCandidate[],
  quote: Quote,
): Promise<UsageOverviewRow[]> {
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.serviceId);
  const commitments = await monthCommitments(db, site.timeZone, month, candidates);
  const [kept, measured, users, billed] = await Promise.all([
    db
      .select()
      .from(bizUsageMonth)
      .where(and(inArray(bizUsageMonth.serviceId, ids), eq(bizUsageMonth.month, month))),
    measureMonths(db, site.timeZone, month, candidates, commitments),
    db
      .select({ userId: sysUser.userId, userName: sysUser.userName })
      .from(sysUser)
      .where(inArray(sysUser.userId, [...new Set(candidates.map((c) => c.userId))])),
    db
      .select({ orderNo: bizOrder.orderNo, amount: bizOrder.amount })
      .from(bizOrder)
      .innerJoin(bizUsageMonth, eq(bizUsageMonth.overageOrderNo, bizOrder.orderNo))
      .where(and(inArray(bizUsageMonth.serviceId, ids), eq(bizUsageMonth.month, month))),
  ]);
  return candidates.map((service) => {
    const row = kept.find((k) => k.serviceId === service.serviceId);
    const now = measured.get(service.serviceId)!;
    // The figures kept when the month was billed; else those of the buckets now, unless the month
    // has ended and fewer of its buckets are left than the kept figures were taken over (its
    // 5-minute buckets past retention): then the kept ones.
    const keptWins = row && (row.overageOrderNo || (!open && now.samples < row.samples));
    const use = keptWins ? keptMonth(row, commitments.get(service.serviceId) ?? [], service) : now;
    const order = row?.overageOrderNo ? billed.find((b) => b.orderNo === row.overageOrderNo) : undefined;
    const projected = quote(service, use);
    // The commitment at the month's end (now, for the month in progress).
    const committed = use.parts.at(-1)?.configuration ?? service.configuration;
    return {
      serviceId: service.serviceId,
      orderNo: service.orderNo,
      userName: users.find((u) => u.userId === service.userId)?.userName ?? "",
      product: service.product,
      edition: committed.edition,
      p95Bps: use.p95Bps,
      samples: use.samples,
      committedMbps: committed.quantities.bandwidth ?? 0,
      days: service.days,
      monthDays: service.monthDays,
      overage: order ? order.amount : (projected?.amount ?? 0),
      currency: service.currency,
      basis: order ? "billed" : open ? "projected" : "unbilled",
      overageOrderNo: order?.orderNo ?? null,
    };
  });
}

/** The site's overage orders for the month, largest first. */
async function monthOrders(db: Db, site: BillingSite, month: string, product: string | undefined) {
  const siteMatch = site.isDefault
    ? sql`(${bizOrder.siteId} = ${site.siteId} or ${bizOrder.siteId} is null)`
    : eq(bizOrder.siteId, site.siteId);
  const rows = await db
    .select({ order: bizOrder, userName: sysUser.userName })
    .from(bizOrder)
    .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
    .where(
      and(
        eq(bizOrder.action, "overage"),
        siteMatch,
        sql`${bizOrder.configuration} -> 'overage' ->> 'month' = ${month}`,
        product ? eq(bizOrder.product, product) : undefined,
      ),
    )
    .orderBy(sql`${bizOrder.amount} desc`, asc(bizOrder.orderId));
  return rows.map(({ order, userName }) => ({
    orderNo: order.orderNo,
    userName,
    product: order.product,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    overage: order.configuration.overage as OverageFigures,
  }));
}
