import type { PurchaseConfiguration } from "@rampart/pricing";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { type BillingSite, packageBillings } from "./billing-site.ts";

/** A bandwidth package in service some days of a month, with those days counted in its site's calendar. */
export interface OverageCandidate {
  serviceId: number;
  orderNo: string;
  userId: number;
  siteId: number | null;
  agentCode: string;
  product: string;
  configuration: PurchaseConfiguration;
  /** The currency it is billed in (packageBillings). */
  currency: string;
  /** Days of the month it was in service (the day it began and the day it ended count). */
  days: number;
  monthDays: number;
}

/**
 * The site's packages sold by bandwidth that were in service during `month` in its time zone (begun
 * before its end, not terminated before its start), with the currency each is billed in; a package
 * of no site is the site's when packageBillings says so (its first order's site, else the default).
 */
export async function overageCandidates(
  db: Db,
  sites: BillingSite[],
  site: BillingSite,
  month: string,
): Promise<OverageCandidate[]> {
  const tz = site.timeZone;
  const rows = await sqlRows<{
    service_id: string;
    order_no: string;
    user_id: number;
    site_id: number | null;
    agent_code: string;
    product: string;
    configuration: PurchaseConfiguration;
    days: number;
    month_days: number;
  }>(
    db,
    sql`
    with m as (
      select ${month}::date as first_day, (${month}::date + interval '1 month')::date as next_day,
             (${month}::timestamp at time zone ${tz}) as starts, ((${month}::timestamp + interval '1 month') at time zone ${tz}) as ends
    )
    select s.service_id, s.order_no, s.user_id, s.site_id, s.agent_code, s.product, s.configuration,
           least(m.next_day, coalesce((s.terminated_at at time zone ${tz})::date + 1, m.next_day))
             - greatest(m.first_day, (s.created_at at time zone ${tz})::date) as days,
           m.next_day - m.first_day as month_days
      from biz_service s, m
     where s.created_at < m.ends
       and (s.terminated_at is null or s.terminated_at >= m.starts)
       and s.configuration -> 'quantities' ? 'bandwidth'
       and (s.site_id = ${site.siteId} or s.site_id is null)
     order by s.service_id`,
  );
  const packages = rows.map((r) => ({
    serviceId: Number(r.service_id),
    orderNo: r.order_no,
    userId: Number(r.user_id),
    siteId: r.site_id === null ? null : Number(r.site_id),
    agentCode: r.agent_code,
    product: r.product,
    configuration: r.configuration,
    days: Number(r.days),
    monthDays: Number(r.month_days),
  }));
  const billings = await packageBillings(db, sites, packages);
  return packages.flatMap((pkg) => {
    const billing = billings.get(pkg.serviceId);
    return billing?.site.siteId === site.siteId ? [{ ...pkg, currency: billing.currency }] : [];
  });
}
