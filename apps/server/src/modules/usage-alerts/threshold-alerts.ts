import { type Catalogue, type ProductCode, planQuantities } from "@rampart/pricing";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizService, bizUsageMonth } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { formatBps } from "../mail/bandwidth-figure.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { billingSites, packageBillings } from "../overage/billing-site.ts";
import { type MonthUsage, monthOf, nextMonth, periodUsage } from "../usage/usage-month.ts";
import { alertRecipient } from "./alert-recipient.ts";
import { usageFullAction } from "./at-full-setting.ts";
import { throttle } from "./throttle.ts";
import { upgradeOffer } from "./upgrade-offer.ts";

/** The shares of the bought bandwidth that are alerted, once each per month. */
export const USAGE_THRESHOLDS = [80, 100] as const;

/**
 * The figures a month's 95th percentile so far must rest on before it is alerted on: a day of
 * 5-minute buckets (then crossing a line takes more than an hour and a quarter above it).
 */
export const SETTLED_SAMPLES = 288;

export interface ThresholdDeps {
  db: Db;
  mail: MailOutbox;
  emitEvent: EmitEvent;
  priceLists: PriceLists;
}

type ServiceRow = typeof bizService.$inferSelect;

/** The thresholds a percentile has reached that were not sent yet this month. */
const newlyCrossed = (p95Bps: number, committedBps: number, sent: number[]) =>
  USAGE_THRESHOLDS.filter((t) => p95Bps >= (committedBps * t) / 100 && !sent.includes(t));

/**
 * The packages whose whole-service figures came in since `since` (for buckets of the last two
 * days: corrections of older buckets are seen with the next fresh ones), while they are served.
 * Each is read through the buckets' primary key (service, domain, bucket).
 */
export async function packagesWithNewFigures(db: Db, since: Date, now: Date): Promise<ServiceRow[]> {
  return db
    .select()
    .from(bizService)
    .where(
      and(
        inArray(bizService.state, ["active", "grace"]),
        sql`exists (select 1 from biz_usage_5m u
                     where u.service_id = ${bizService.serviceId} and u.domain = ''
                       and u.bucket >= ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz
                       and u.received_at >= ${since.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(bizService.serviceId);
}

/** A package that has crossed a threshold not yet sent this month, by the figures just taken. */
interface Crossing {
  service: ServiceRow;
  usage: MonthUsage;
  committedBps: number;
  currency: string;
}

/**
 * Each package's month so far against what it bought, all at once: the month (its site's
 * calendar) and its 95th percentile so far for every package in one statement (usage-month.ts's
 * periodUsage, as My services takes it), kept in one statement that answers the thresholds already
 * sent; the packages that have crossed one more, once their percentile rests on SETTLED_SAMPLES.
 */
async function crossings(db: Db, services: ServiceRow[], now: Date): Promise<Crossing[]> {
  const bought = services.flatMap((service) => {
    const committedMbps = planQuantities(
      service.configuration.product as ProductCode,
      service.configuration.quantities,
    ).bandwidth;
    return committedMbps ? [{ service, committedBps: committedMbps * 1e6 }] : [];
  });
  if (bought.length === 0) return [];
  const billings = await packageBillings(
    db,
    await billingSites(db),
    bought.map((b) => b.service),
  );
  const months = new Map<string, string>();
  const measured = [];
  for (const one of bought) {
    const billing = billings.get(one.service.serviceId);
    if (!billing) continue;
    const { timeZone } = billing.site;
    if (!months.has(timeZone)) months.set(timeZone, await monthOf(db, now, timeZone));
    measured.push({ ...one, currency: billing.currency, timeZone, month: months.get(timeZone)! });
  }
  if (measured.length === 0) return [];
  const figures = await periodUsage(
    db,
    measured.map((m) => ({
      serviceId: m.service.serviceId,
      timeZone: m.timeZone,
      from: m.month,
      next: nextMonth(m.month),
    })),
  );
  const sent = await keepMonthsSoFar(
    db,
    measured.map((m, i) => ({ serviceId: m.service.serviceId, month: m.month, ...figures[i]! })),
    now,
  );
  return measured.flatMap((m, i) => {
    const { p95Bps, samples } = figures[i]!;
    // Not on the month's first hours: over a few buckets the 95th percentile is their highest, and
    // one spike would alert (and, at 100 %, throttle) for a month that may end far below.
    if (samples < SETTLED_SAMPLES) return [];
    if (newlyCrossed(p95Bps, m.committedBps, sent.get(m.service.serviceId) ?? []).length === 0) return [];
    return [
      {
        service: m.service,
        usage: { month: m.month, p95Bps, samples, bytesOut: 0 },
        committedBps: m.committedBps,
        currency: m.currency,
      },
    ];
  });
}

/**
 * The month so far of each package, kept in one statement (its percentile and samples; the month's
 * bytes are taken when it has ended, with the rest of its figures): answers the thresholds already
 * sent for each. Rows in the packages' order, as concurrent runs lock them.
 */
async function keepMonthsSoFar(
  db: Db,
  months: { serviceId: number; month: string; p95Bps: number; samples: number }[],
  now: Date,
): Promise<Map<number, number[]>> {
  const rows = await db
    .insert(bizUsageMonth)
    .values(
      [...months]
        .sort((a, b) => a.serviceId - b.serviceId)
        .map((m) => ({
          serviceId: m.serviceId,
          month: m.month,
          p95Bps: m.p95Bps,
          samples: m.samples,
          bytesOut: 0,
          computedAt: now,
        })),
    )
    .onConflictDoUpdate({
      target: [bizUsageMonth.serviceId, bizUsageMonth.month],
      set: { p95Bps: sql`excluded.p95_bps`, samples: sql`excluded.samples`, computedAt: sql`excluded.computed_at` },
    })
    .returning({ serviceId: bizUsageMonth.serviceId, alertsSent: bizUsageMonth.alertsSent });
  return new Map(rows.map((row) => [row.serviceId, row.alertsSent]));
}

/**
 * A crossing acted on, under the month row's lock (another run may have got there first): each
 * threshold crossed for the first time this month recorded, announced (`usage.threshold`) and
 * mailed (the highest one); at 100 %, the product's setting says what else: offer an upgrade, or
 * throttle. Answers the thresholds newly crossed.
 */
async function actOnCrossing(deps: ThresholdDeps, crossing: Crossing): Promise<number[]> {
  const { service, usage, committedBps } = crossing;
  const catalogue =
    (await usageFullAction(deps.db, service.product)) === "upgrade"
      ? await deps.priceLists.forCurrency(crossing.currency)
      : null;
  const at = and(eq(bizUsageMonth.serviceId, service.serviceId), eq(bizUsageMonth.month, usage.month));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ alertsSent: bizUsageMonth.alertsSent }).from(bizUsageMonth).where(at).for("update");
    const sent = row?.alertsSent ?? [];
    const crossed = newlyCrossed(usage.p95Bps, committedBps, sent);
    if (crossed.length === 0) return [];
    await tx
      .update(bizUsageMonth)
      .set({ alertsSent: [...sent, ...crossed] })
      .where(at);
    for (const percent of crossed)
      await deps.emitEvent(tx, {
        type: "usage.threshold",
        serviceId: service.serviceId,
        percent,
        month: usage.month,
        p95Bps: usage.p95Bps,
        committedBps,
      });
    await announce(deps, tx, service, { usage, committedBps, percent: crossed.at(-1)!, catalogue });
    return [...crossed];
  });
}

/** The mail of the highest threshold crossed, and at 100 % what the product's setting asks. */
async function announce(
  deps: ThresholdDeps,
  tx: Tx,
  service: ServiceRow,
  alert: { usage: MonthUsage; committedBps: number; percent: number; catalogue: Catalogue | null },
): Promise<void> {
  const { usage, committedBps, percent, catalogue } = alert;
  const action = percent === 100 ? await usageFullAction(tx, service.product) : "notify";
  if (action === "throttle") await throttle(tx, deps.emitEvent, service.serviceId, usage.month);
  const offer = action === "upgrade" && catalogue ? await upgradeOffer(tx, catalogue, service, usage.p95Bps) : null;
  const who = await alertRecipient(tx, service);
  if (!who) return;
  const common = {
    name: who.name,
    product: who.product,
    orderNo: service.orderNo,
    used: formatBps(usage.p95Bps, who.language),
    committed: formatBps(committedBps, who.language),
  };
  const mail = { siteId: service.siteId, language: who.language, to: who.to, timeZone: who.timeZone };
  const key = `usage-${service.serviceId}-${usage.month}-${percent}`;
  if (action === "throttle")
    await deps.mail.enqueue(tx, { ...mail, event: "usage_throttled", key, values: { ...common, link: who.link } });
  else if (offer)
    await deps.mail.enqueue(tx, {
      ...mail,
      event: "usage_upgrade",
      key,
      values: { ...common, bandwidth: `${offer.bandwidthMbps} Mbps`, link: offer.link },
    });
  else
    await deps.mail.enqueue(tx, {
      ...mail,
      event: "usage_threshold",
      key,
      values: { ...common, percent: String(percent), link: who.link },
    });
}

/**
 * Every package with new figures since `since`, checked against its thresholds all at once, and
 * acted on where one is newly crossed; answers how many thresholds were crossed.
 */
export async function checkRecentThresholds(deps: ThresholdDeps, since: Date, now: Date): Promise<number> {
  let crossed = 0;
  for (const crossing of await crossings(deps.db, await packagesWithNewFigures(deps.db, since, now), now))
    crossed += (await actOnCrossing(deps, crossing)).length;
  return crossed;
}
