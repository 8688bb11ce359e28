import type { Catalogue, OverageQuote } from "@rampart/pricing";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizUsageMonth } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import type { OrderStore } from "../orders/order-store.ts";
import { keepMonthUsage, monthOf, previousMonth } from "../usage/usage-month.ts";
import { type BillingSite, billingSites } from "./billing-site.ts";
import { monthCommitments } from "./month-commitments.ts";
import { keptMonth, measureMonths, partsToKeep, quoteMonth } from "./month-measure.ts";
import { type OverageCandidate, overageCandidates } from "./overage-candidates.ts";
import { placeOverageOrder } from "./overage-order.ts";

/**
 * How long after a month ends it is billed: the platform's last buckets of the month may arrive a
 * little late (its clock, its batches).
 */
export const SETTLE_MS = 2 * 3_600_000;

export interface OverageDeps {
  db: Db;
  priceLists: PriceLists;
  orders: OrderStore;
  log: FastifyBaseLogger;
}

export interface OverageRun {
  /** Months' figures kept. */
  kept: number;
  /** Overage orders placed by this run. */
  billed: number;
}

/**
 * Burstable billing at `now` (the job runner runs it every hour, once across processes; running it
 * again, or in parallel, places nothing more): for each site, the calendar month that ended (in the
 * site's time zone) at least SETTLE_MS ago; for each package sold by bandwidth in service during it,
 * the month's 95th percentile kept (biz_usage_month) and, when it went beyond the commitment in
 * force then (part by part when an upgrade changed it during the month), one overage order priced
 * by the engine in the package's currency.
 */
export async function billOverages(deps: OverageDeps, now: Date): Promise<OverageRun> {
  const run: OverageRun = { kept: 0, billed: 0 };
  const sites = await billingSites(deps.db);
  const catalogues = new Map<string, Promise<Catalogue>>();
  const catalogueFor = (currency: string) => {
    if (!catalogues.has(currency)) catalogues.set(currency, deps.priceLists.forCurrency(currency));
    return catalogues.get(currency)!;
  };
  for (const site of sites) {
    const month = previousMonth(await monthOf(deps.db, new Date(now.getTime() - SETTLE_MS), site.timeZone));
    try {
      const months = await monthsToBill(deps.db, site, await overageCandidates(deps.db, sites, site, month), month);
      for (const { service, measured, taken } of months) {
        // One package that cannot be billed (logged, tried again next hour) stops no other.
        try {
          if (!taken) await keepMonthUsage(deps.db, service.serviceId, measured, now, partsToKeep(measured));
          run.kept++;
          const quoted = quoteMonth(await catalogueFor(service.currency), measured);
          if (quoted && (await bill(deps, service, quoted, now))) run.billed++;
        } catch (error) {
          deps.log.error({ err: error, serviceId: service.serviceId, month }, "overage billing failed for a package");
        }
      }
    } catch (error) {
      deps.log.error({ err: error, siteId: site.siteId, month }, "overage billing failed for a site");
    }
  }
  return run;
}

/**
 * The months of the candidates not billed yet, with their figures: those kept after the month
 * ended (`taken`), else taken now from the 5-minute buckets (one statement for them all, parts
 * included), to be kept.
 */
async function monthsToBill(db: Db, site: BillingSite, candidates: OverageCandidate[], month: string) {
  if (candidates.length === 0) return [];
  const kept = await db
    .select()
    .from(bizUsageMonth)
    .where(
      and(
        inArray(
          bizUsageMonth.serviceId,
          candidates.map((c) => c.serviceId),
        ),
        eq(bizUsageMonth.month, month),
      ),
    );
  const open = candidates.filter((c) => !kept.find((k) => k.serviceId === c.serviceId)?.overageOrderNo);
  const ends = await monthEnd(db, month, site.timeZone);
  const final = (serviceId: number) => kept.find((k) => k.serviceId === serviceId && k.computedAt >= ends);
  const commitments = await monthCommitments(db, site.timeZone, month, open);
  const measured = await measureMonths(
    db,
    site.timeZone,
    month,
    open.filter((c) => !final(c.serviceId)),
    commitments,
    { bytes: true },
  );
  return open.map((service) => {
    const row = final(service.serviceId);
    return row
      ? { service, taken: true, measured: keptMonth(row, commitments.get(service.serviceId) ?? [], service) }
      : { service, taken: false, measured: measured.get(service.serviceId)! };
  });
}

async function monthEnd(db: Db, month: string, timeZone: string): Promise<Date> {
  const [row] = await sqlRows<{ ends: string | Date }>(
    db,
    sql`select ((${month}::timestamp + interval '1 month') at time zone ${timeZone}) as ends`,
  );
  return new Date(row!.ends);
}

/**
 * The overage order, under the lock of the month's row: whoever holds it second finds the order
 * number the first wrote there, and places nothing.
 */
async function bill(deps: OverageDeps, service: OverageCandidate, quoted: OverageQuote, now: Date): Promise<boolean> {
  const payMethod = await firstPayMethod(deps.db, service.orderNo);
  return deps.db.transaction(async (tx) => {
    const at = and(eq(bizUsageMonth.serviceId, service.serviceId), eq(bizUsageMonth.month, quoted.figures.month));
    const [row] = await tx.select().from(bizUsageMonth).where(at).for("update");
    if (!row || row.overageOrderNo) return false;
    const { order, created } = await placeOverageOrder(tx, deps.orders, service, quoted, payMethod, now);
    await tx.update(bizUsageMonth).set({ overageOrderNo: order.orderNo }).where(at);
    return created;
  });
}

/** How the service was first paid: its overage orders are paid the same way (offline when unknown). */
async function firstPayMethod(db: Db, orderNo: string): Promise<string> {
  const [first] = await db
    .select({ payMethod: bizOrder.payMethod })
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, orderNo));
  return first?.payMethod ?? "offline";
}
