import type { PurchaseConfiguration } from "@rampart/pricing";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { dayAfter, nextMonth } from "../usage/usage-month.ts";

/** Whole days [from, next) of a month during which a package committed to one bandwidth at one edition's rate. */
export interface CommitmentPart {
  from: string;
  next: string;
  /** The configuration in force at the end of the part's last day. */
  configuration: PurchaseConfiguration;
}

/** A package as its history is read: named by its first order, with its configuration now. */
export interface CommittedPackage {
  serviceId: number;
  orderNo: string;
  configuration: PurchaseConfiguration;
}

interface Upgrade {
  /** When it happened, to put the changes in their order. */
  at: number;
  configuration: PurchaseConfiguration;
  /** The days (the site's calendar) it was paid and refunded. */
  paidDay: string;
  refundedDay: string | null;
}

/** What the overage is billed against: the bandwidth and the edition (whose rate it is). */
const commitmentKey = (c: PurchaseConfiguration) => `${c.product}:${c.edition}:${c.quantities.bandwidth ?? ""}`;

/**
 * The parts of `month` (YYYY-MM-01, in `timeZone`) by the commitment each package was under,
 * from its orders (one statement for them all): it began with its first order's configuration;
 * each paid upgrade replaced it when paid (orders/lifecycle.ts), and a refunded one gave way again
 * to the one before it when refunded; a downgrade (orders/downgrade.ts) replaced it when made. A change counts from the start of the day it happened (the
 * site's calendar): each day is billed against the commitment in force at its end, as an upgrade
 * is priced for the started day. Consecutive days under the same commitment are one part; a
 * month with no change, one part. Changes after the month (during the hours before it is billed,
 * or later) change nothing of it.
 */
export async function monthCommitments(
  db: Db | Tx,
  timeZone: string,
  month: string,
  packages: CommittedPackage[],
): Promise<Map<number, CommitmentPart[]>> {
  const out = new Map<number, CommitmentPart[]>();
  if (packages.length === 0) return out;
  const orderNos = sql.join(
    packages.map((p) => sql`${p.orderNo}`),
    sql`, `,
  );
  const rows = await sqlRows<{
    order_id: string;
    order_no: string;
    service_order_no: string | null;
    action: string;
    configuration: PurchaseConfiguration;
    paid_at: string | Date | null;
    paid_day: string | null;
    refunded_day: string | null;
  }>(
    db,
    sql`
    select order_id, order_no, service_order_no, action, configuration, paid_at,
           to_char(paid_at at time zone ${timeZone}, 'YYYY-MM-DD') as paid_day,
           to_char(refunded_at at time zone ${timeZone}, 'YYYY-MM-DD') as refunded_day
      from biz_order
     where (order_no in (${orderNos}) and action = 'new')
        or (service_order_no in (${orderNos}) and action = 'upgrade' and paid_at is not null)
     order by paid_at, order_id`,
  );
  const serviceIds = sql.join(
    packages.map((p) => sql`${p.serviceId}`),
    sql`, `,
  );
  const downgrades = await sqlRows<{
    service_id: number;
    to_configuration: PurchaseConfiguration;
    created_at: string | Date;
    day: string;
  }>(
    db,
    sql`
    select service_id, to_configuration, created_at,
           to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day
      from biz_service_downgrade
     where service_id in (${serviceIds})`,
  );
  const next = nextMonth(month);
  for (const pkg of packages) {
    const first = rows.find((r) => r.order_no === pkg.orderNo && r.action === "new");
    const upgrades: Upgrade[] = rows
      .filter((r) => r.service_order_no === pkg.orderNo && r.action === "upgrade" && r.paid_day && r.paid_day < next)
      .map((r) => ({
        at: new Date(r.paid_at!).getTime(),
        configuration: r.configuration,
        paidDay: r.paid_day!,
        refundedDay: r.refunded_day,
      }))
      .concat(
        downgrades
          .filter((d) => Number(d.service_id) === pkg.serviceId && d.day < next)
          .map((d) => ({
            at: new Date(d.created_at).getTime(),
            configuration: d.to_configuration,
            paidDay: d.day,
            refundedDay: null,
          })),
      )
      .sort((a, b) => a.at - b.at);
    out.set(pkg.serviceId, partsOf(first?.configuration ?? pkg.configuration, upgrades, month, next));
  }
  return out;
}

/** The configuration in force at the end of the day before `day`: the last upgrade paid before it and not refunded by then. */
function inForceBefore(base: PurchaseConfiguration, upgrades: Upgrade[], day: string): PurchaseConfiguration {
  let configuration = base;
  for (const upgrade of upgrades)
    if (upgrade.paidDay < day && (upgrade.refundedDay === null || upgrade.refundedDay >= day))
      configuration = upgrade.configuration;
  return configuration;
}

function partsOf(base: PurchaseConfiguration, upgrades: Upgrade[], month: string, next: string): CommitmentPart[] {
  const changes = upgrades.flatMap((u) => [u.paidDay, ...(u.refundedDay ? [u.refundedDay] : [])]);
  const starts = [...new Set(changes.filter((day) => day > month && day < next))].sort();
  const bounds = [month, ...starts, next];
  const parts: CommitmentPart[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const part = {
      from: bounds[i]!,
      next: bounds[i + 1]!,
      configuration: inForceBefore(base, upgrades, bounds[i + 1]!),
    };
    const previous = parts.at(-1);
    if (previous && commitmentKey(previous.configuration) === commitmentKey(part.configuration)) {
      previous.next = part.next;
      previous.configuration = part.configuration;
    } else parts.push(part);
  }
  return parts;
}

/** A part's last day. */
export const lastDayOf = (part: { next: string }) => dayAfter(part.next, -1);
