import type { ServiceMonthUsage } from "@rampart/contracts";
import type { Catalogue } from "@rampart/pricing";
import type { Db } from "../../db/client.ts";
import type { bizService } from "../../db/schema.ts";
import { monthOf } from "../usage/usage-month.ts";
import { billingSites, type PackageBilling, packageBillings } from "./billing-site.ts";
import { monthCommitments } from "./month-commitments.ts";
import { measureMonths, quoteMonth } from "./month-measure.ts";

type ServiceRow = typeof bizService.$inferSelect;

/**
 * This month's use of each package sold by bandwidth (by its order number), in its site's time
 * zone: the 95th percentile of its whole-service 5-minute peaks so far, and the overage its price
 * list (in the currency it is billed in) would bill for it if the month ended now (prorated to the
 * month's days in service; part by part when an upgrade changed its commitment this month). One
 * statement per site and currency among the services.
 */
export async function monthsSoFar(
  db: Db,
  services: ServiceRow[],
  catalogueOf: (currency: string) => Promise<Catalogue>,
  now: Date,
): Promise<Map<string, ServiceMonthUsage>> {
  const out = new Map<string, ServiceMonthUsage>();
  const measured = services.filter((s) => s.configuration.quantities?.bandwidth !== undefined);
  if (measured.length === 0) return out;
  const billings = await packageBillings(db, await billingSites(db), measured);
  const groups = new Map<string, { billing: PackageBilling; services: ServiceRow[] }>();
  for (const service of measured) {
    const billing = billings.get(service.serviceId);
    if (!billing) continue;
    const key = `${billing.site.siteId}:${billing.currency}`;
    const group = groups.get(key) ?? { billing, services: [] };
    group.services.push(service);
    groups.set(key, group);
  }
  for (const { billing, services: group } of groups.values()) {
    const { timeZone } = billing.site;
    const catalogue = await catalogueOf(billing.currency);
    const month = await monthOf(db, now, timeZone);
    const commitments = await monthCommitments(db, timeZone, month, group);
    const months = await measureMonths(db, timeZone, month, group, commitments);
    for (const service of group) {
      const use = months.get(service.serviceId)!;
      const edition = catalogue.products[service.configuration.product]?.editions.find(
        (e) => e.code === service.configuration.edition,
      );
      out.set(service.orderNo, {
        month: use.month,
        p95Bps: use.p95Bps,
        samples: use.samples,
        committedMbps: service.configuration.quantities.bandwidth!,
        projectedOverage: quoteMonth(catalogue, use)?.amount ?? 0,
        rate: edition?.overageRate ?? null,
        currency: catalogue.currency,
      });
    }
  }
  return out;
}
