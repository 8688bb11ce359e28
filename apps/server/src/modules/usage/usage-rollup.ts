import { USAGE_SUMS } from "@rampart/contracts";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizUsage5m } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/** The figures' columns that add up over time (peak_bps does not: an hour's is its highest bucket's). */
const SUM_COLUMNS = USAGE_SUMS.map((name) => bizUsage5m[name].name);
const COLUMNS = [...SUM_COLUMNS, "peak_bps"].join(", ");
const AGGREGATES = [...SUM_COLUMNS.map((column) => `sum(${column})`), "max(peak_bps)"].join(", ");
const UPDATES = [...SUM_COLUMNS, "peak_bps"].map((column) => `${column} = excluded.${column}`).join(", ");

/**
 * Marks the hours a batch's buckets fall in as to be rolled up again (in the batch's transaction):
 * a late or corrected bucket changes its hour and its day, which the next upkeep run recomputes.
 */
export async function markHoursToRollUp(tx: Tx, buckets: readonly { serviceId: number; at: number }[]): Promise<void> {
  const hours = new Set(buckets.map(({ serviceId, at }) => `${serviceId}|${at - (at % 3600)}`));
  if (hours.size === 0) return;
  const rows = [...hours].map((key) => {
    const [serviceId, at] = key.split("|");
    return { service_id: Number(serviceId), hour: new Date(Number(at) * 1000).toISOString() };
  });
  await tx.execute(sql`
    insert into biz_usage_dirty_hour (service_id, hour)
    select service_id, hour from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(service_id bigint, hour timestamptz)
    on conflict do nothing`);
}

/**
 * Rolls up again the hours marked since the last run that have ended by `now` (sums summed,
 * peak_bps the highest of the buckets'), then the UTC days those hours are in (from their hours),
 * every domain of each service, in one transaction. The hour going on stays marked for the next
 * run: readers take the hours after the last rolled-up one from the 5-minute buckets, so a part of
 * an hour rolled up would hide the rest of it. A mark a batch makes while this runs waits for it
 * and stays for the next run. Returns how many hour and day rows were written.
 */
export async function rollUpMarkedHours(db: Db, now: Date): Promise<{ hours: number; days: number }> {
  return db.transaction(async (tx) => {
    const marks = await sqlRows<{ service_id: string; hour: string }>(
      tx,
      sql`delete from biz_usage_dirty_hour
           where hour + interval '1 hour' <= ${now.toISOString()}::timestamptz
       returning service_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hour`,
    );
    if (marks.length === 0) return { hours: 0, days: 0 };
    const marked = JSON.stringify(marks);
    const hours = await sqlRows<{ n: number }>(
      tx,
      sql`
      insert into biz_usage_hourly (service_id, domain, hour, ${sql.raw(COLUMNS)})
      select u.service_id, u.domain, r.hour, ${sql.raw(AGGREGATES)}
        from jsonb_to_recordset(${marked}::jsonb) as r(service_id bigint, hour timestamptz)
        join biz_usage_5m u
          on u.service_id = r.service_id and u.bucket >= r.hour and u.bucket < r.hour + interval '1 hour'
       group by 1, 2, 3
      on conflict (service_id, domain, hour) do update set ${sql.raw(UPDATES)}
      returning 1 as n`,
    );
    const days = await sqlRows<{ n: number }>(
      tx,
      sql`
      insert into biz_usage_daily (service_id, domain, day, ${sql.raw(COLUMNS)})
      select h.service_id, h.domain, d.day, ${sql.raw(AGGREGATES)}
        from (select distinct service_id, date_trunc('day', hour at time zone 'UTC') at time zone 'UTC' as day
                from jsonb_to_recordset(${marked}::jsonb) as r(service_id bigint, hour timestamptz)) d
        join biz_usage_hourly h
          on h.service_id = d.service_id and h.hour >= d.day and h.hour < d.day + interval '1 day'
       group by 1, 2, 3
      on conflict (service_id, domain, day) do update set ${sql.raw(UPDATES)}
      returning 1 as n`,
    );
    return { hours: hours.length, days: days.length };
  });
}
