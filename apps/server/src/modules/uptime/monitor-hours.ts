import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizMonitorHourly, bizMonitorResult } from "../../db/schema.ts";

const HOUR = 3_600_000;

/** The hour (UTC) a moment falls in. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR) * HOUR);

/**
 * Counts one check in its monitor's hour, in the transaction that keeps the check: a monitor's
 * figures over a day, a month or a quarter are then read from at most one row per hour, not from
 * every check (ten monitors checked every minute keep 432,000 checks over 30 days; summing them
 * for the monitors' list took 120 ms on PostgreSQL and 250 ms on the embedded database).
 */
export async function countInHour(
  tx: Db | Tx,
  check: { monitorId: number; checkedAt: Date; ok: boolean; responseMs: number },
): Promise<void> {
  const okMs = check.ok ? check.responseMs : 0;
  await tx
    .insert(bizMonitorHourly)
    .values({
      monitorId: check.monitorId,
      hour: hourOf(check.checkedAt),
      checks: 1,
      failures: check.ok ? 0 : 1,
      totalMs: okMs,
      maxMs: okMs,
    })
    .onConflictDoUpdate({
      target: [bizMonitorHourly.monitorId, bizMonitorHourly.hour],
      set: {
        checks: sql`${bizMonitorHourly.checks} + 1`,
        failures: sql`${bizMonitorHourly.failures} + excluded.failures`,
        totalMs: sql`${bizMonitorHourly.totalMs} + excluded.total_ms`,
        maxMs: sql`greatest(${bizMonitorHourly.maxMs}, excluded.max_ms)`,
      },
    });
}

/**
 * A group of checks counted as an hour's row counts them: checks, failures, and the sum of the
 * successful ones' response times (the migration that made the first hours says the same in SQL).
 */
const CHECK_COUNTS = sql`count(*)::int, (count(*) filter (where not ${bizMonitorResult.ok}))::int,
  coalesce(sum(${bizMonitorResult.responseMs}) filter (where ${bizMonitorResult.ok}), 0)::bigint`;

/** The share of successful checks, 0–100 with one decimal; null without a check. */
export const uptimeShare = (ok: number, checks: number): number | null =>
  checks === 0 ? null : Math.round((ok / checks) * 1000) / 10;

/** How long after an hour ends its counts are made again from its checks (a check may be late). */
const RECOUNT_AFTER_MS = 5 * 60_000;

/**
 * Makes the counts of the last two whole hours (ended at least five minutes ago) again from their
 * checks, replacing them: a check kept without its count (by a process of an earlier version, during
 * a rolling upgrade) is counted all the same. Answers how many hours were written.
 */
export async function recountRecentHours(db: Db, now: Date): Promise<number> {
  const to = hourOf(new Date(now.getTime() - RECOUNT_AFTER_MS));
  const from = new Date(to.getTime() - 2 * HOUR);
  const written = await db
    .insert(bizMonitorHourly)
    .select(
      sql`select ${bizMonitorResult.monitorId}, date_trunc('hour', ${bizMonitorResult.checkedAt}, 'UTC'), ${CHECK_COUNTS},
            coalesce(max(${bizMonitorResult.responseMs}) filter (where ${bizMonitorResult.ok}), 0)::int
          from ${bizMonitorResult}
          where ${bizMonitorResult.checkedAt} >= ${from.toISOString()}::timestamptz
            and ${bizMonitorResult.checkedAt} < ${to.toISOString()}::timestamptz
          group by 1, 2`,
    )
    .onConflictDoUpdate({
      target: [bizMonitorHourly.monitorId, bizMonitorHourly.hour],
      set: {
        checks: sql`excluded.checks`,
        failures: sql`excluded.failures`,
        totalMs: sql`excluded.total_ms`,
        maxMs: sql`excluded.max_ms`,
      },
    })
    .returning({ monitorId: bizMonitorHourly.monitorId });
  return written.length;
}

/**
 * The monitors' checks per hour since a moment, as a subquery of (monitor_id, hour, checks,
 * failures, total_ms): the hours that begin at or after it from the hourly counts, the rest of the
 * hour it falls in from the checks themselves. Exact while the checks of that hour are kept (30
 * days); for a moment further back, that hour's part before the next hour is not counted.
 */
export function hoursSince(monitorIds: number[], since: Date): SQL {
  const edge = new Date(Math.ceil(since.getTime() / HOUR) * HOUR);
  return sql`
    select monitor_id, hour, checks, failures, total_ms from ${bizMonitorHourly}
    where ${inArray(bizMonitorHourly.monitorId, monitorIds)} and hour >= ${edge.toISOString()}::timestamptz
    union all
    select monitor_id, ${hourOf(since).toISOString()}::timestamptz, ${CHECK_COUNTS}
    from ${bizMonitorResult}
    where ${inArray(bizMonitorResult.monitorId, monitorIds)}
      and checked_at >= ${since.toISOString()}::timestamptz and checked_at < ${edge.toISOString()}::timestamptz
    group by monitor_id`;
}

/** Share of successful checks (0–100, one decimal) since a moment, per monitor that has checks. */
export async function uptimeSince(db: Db, monitorIds: number[], since: Date): Promise<Map<number, number>> {
  if (monitorIds.length === 0) return new Map();
  // Both drivers answer execute() with { rows }; the shared Db type cannot say so.
  const result = (await db.execute(sql`
    select monitor_id, sum(checks)::int as checks, sum(failures)::int as failures
    from (${hoursSince(monitorIds, since)}) h group by monitor_id`)) as unknown as {
    rows: { monitor_id: number; checks: number | string; failures: number | string }[];
  };
  const uptime = new Map<number, number>();
  for (const row of result.rows) {
    const checks = Number(row.checks);
    const share = uptimeShare(checks - Number(row.failures), checks);
    if (share !== null) uptime.set(Number(row.monitor_id), share);
  }
  return uptime;
}
