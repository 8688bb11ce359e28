import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/** A site as burstable billing reads it: its calendar (time zone), its price list (currency), its name. */
export interface BillingSite {
  siteId: number;
  company: string;
  timeZone: string;
  currency: string;
  isDefault: boolean;
}

export async function billingSites(db: Db | Tx): Promise<BillingSite[]> {
  const rows = await sqlRows<{
    site_id: number;
    company: string;
    time_zone: string;
    currency: string;
    is_default: boolean;
  }>(db, sql`select site_id, company, time_zone, currency, is_default from sys_site order by site_id`);
  return rows.map((r) => ({
    siteId: Number(r.site_id),
    company: r.company,
    timeZone: r.time_zone || "UTC",
    currency: r.currency,
    isDefault: r.is_default,
  }));
}

/** How a package is billed: the site whose calendar counts its months, and the currency it pays in. */
export interface PackageBilling {
  site: BillingSite;
  currency: string;
}

/**
 * How each package is billed: by its site, in that site's currency; a package of no site (its
 * site deleted, or sold before there were sites) by the site of its first order, else the default
 * site, and in its first order's currency (what the customer bought it in). Read with the sites
 * once, and the first orders of the packages of no site only.
 */
export async function packageBillings(
  db: Db | Tx,
  sites: BillingSite[],
  packages: { serviceId: number; orderNo: string; siteId: number | null }[],
): Promise<Map<number, PackageBilling>> {
  const out = new Map<number, PackageBilling>();
  const fallback = sites.find((site) => site.isDefault) ?? sites[0];
  if (!fallback) return out;
  const siteless = packages.filter((p) => p.siteId === null);
  const firsts =
    siteless.length === 0
      ? []
      : await db
          .select({ orderNo: bizOrder.orderNo, siteId: bizOrder.siteId, currency: bizOrder.currency })
          .from(bizOrder)
          .where(
            inArray(
              bizOrder.orderNo,
              siteless.map((p) => p.orderNo),
            ),
          );
  for (const pkg of packages) {
    const own = sites.find((site) => site.siteId === pkg.siteId);
    if (own) {
      out.set(pkg.serviceId, { site: own, currency: own.currency });
      continue;
    }
    const first = firsts.find((order) => order.orderNo === pkg.orderNo);
    const site = sites.find((s) => s.siteId === first?.siteId) ?? fallback;
    out.set(pkg.serviceId, { site, currency: first?.currency ?? site.currency });
  }
  return out;
}
