import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { keepMonthUsage, monthUsage } from "./usage-month.ts";
import { dropUsagePartitionsBefore } from "./usage-partitions.ts";
import type { UsageRetention } from "./usage-settings.ts";

/** Top lists are kept 90 days, attack events 2 years (issue 40). */
export const TOP_LIST_DAYS = 90;
export const ATTACK_EVENT_YEARS = 2;
/** Batches' ids are kept a day: older ones fail the signature's 5-minute tolerance anyway. */
const BATCH_ID_HOURS = 24;

const DAY_MS = 86_400_000;

/**
 * Before the 5-minute buckets older than `cutoff` go: each month (in its service's site's time
 * zone) they belong to, kept with keepMonthUsage unless it was already taken after that month
 * ended. Buckets are kept at least 32 days, so every such month has ended and is whole. Returns
 * how many months were kept.
 */
export async function keepEndingMonths(db: Db, cutoff: Date, now: Date): Promise<number> {
  const months = await sqlRows<{ service_id: string; month: string; time_zone: string }>(
    db,
    sql`
    with zones as (
      select v.service_id, coalesce(own.time_zone, home.time_zone, 'UTC') as time_zone
        from biz_service v
        left join sys_site own on own.site_id = v.site_id
        left join sys_site home on home.is_default
    ), ending as (
      select distinct u.service_id, z.time_zone,
             to_char(date_trunc('month', u.bucket at time zone z.time_zone), 'YYYY-MM-DD') as month
        from biz_usage_5m u
        join zones z on z.service_id = u.service_id
       where u.domain = '' and u.bucket < ${cutoff.toISOString()}::timestamptz
    )
    select e.service_id, e.month, e.time_zone
      from ending e
      left join biz_usage_month m on m.service_id = e.service_id and m.month = e.month
     where m.computed_at is null
        or m.computed_at < ((e.month::timestamp + interval '1 month') at time zone e.time_zone)`,
  );
  for (const { service_id, month, time_zone } of months) {
    const serviceId = Number(service_id);
    await keepMonthUsage(db, serviceId, await monthUsage(db, serviceId, month, time_zone), now);
  }
  return months.length;
}

const count = async (db: Db, statement: ReturnType<typeof sql>) => (await sqlRows<{ n: number }>(db, statement)).length;

/** Removes what is past retention, each month's percentile kept first. What was removed, by kind. */
export async function removePastRetention(db: Db, retention: UsageRetention, now: Date) {
  const cutoff5m = new Date(now.getTime() - retention.keep5mDays * DAY_MS);
  const monthsKept = await keepEndingMonths(db, cutoff5m, now);
  const partitionsDropped = await dropUsagePartitionsBefore(db, cutoff5m);
  const at = now.toISOString();
  const buckets = await count(
    db,
    sql`delete from biz_usage_5m where bucket < ${cutoff5m.toISOString()}::timestamptz returning 1 as n`,
  );
  const hours = await count(
    db,
    sql`delete from biz_usage_hourly where hour < ${at}::timestamptz - make_interval(months => ${retention.keepHourlyMonths}) returning 1 as n`,
  );
  const days = await count(
    db,
    sql`delete from biz_usage_daily where day < ${at}::timestamptz - make_interval(years => ${retention.keepDailyYears}) returning 1 as n`,
  );
  const topsBefore = new Date(now.getTime() - TOP_LIST_DAYS * DAY_MS).toISOString().slice(0, 10);
  const topRows = await count(db, sql`delete from biz_usage_top where day < ${topsBefore} returning 1 as n`);
  const attacks = await count(
    db,
    sql`delete from biz_attack_event
         where coalesce(ended_at, started_at) < ${at}::timestamptz - make_interval(years => ${ATTACK_EVENT_YEARS})
        returning 1 as n`,
  );
  await db.execute(
    sql`delete from sys_webhook_callback where received_at < ${new Date(now.getTime() - BATCH_ID_HOURS * 3_600_000).toISOString()}::timestamptz`,
  );
  return { monthsKept, partitionsDropped, buckets, hours, days, topRows, attacks };
}
