import type { MonitorIncident, MonitorPoint, MonitorRange, MonitorReport } from "@rampart/contracts";
import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizMonitorIncident, bizMonitorResult } from "../../db/schema.ts";
import { hoursSince, uptimeShare, uptimeSince } from "./monitor-hours.ts";
import { monitorOf } from "./monitors.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGE_MS: Record<MonitorRange, number> = { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY, "90d": 90 * DAY };
/** How many incidents a report lists (the newest). */
const INCIDENTS = 50;

/**
 * A monitor's figures over a range: its uptime over a day, a week, a month and the range; the
 * response-time chart's points (each check over 24 hours, hourly averages over a week or a month,
 * daily ones over 90 days, from the hourly counts); average and 95th percentile of the checks
 * kept (30 days at most); the incidents that touch the range.
 */
export async function monitorReport(
  db: Db,
  userId: number,
  monitorId: number,
  range: MonitorRange,
  now: Date,
): Promise<MonitorReport> {
  const monitor = await monitorOf(db, userId, monitorId, now);
  const since = new Date(now.getTime() - RANGE_MS[range]);
  const [figures] = await db
    .select({
      average: sql<
        number | null
      >`round(avg(${bizMonitorResult.responseMs}) filter (where ${bizMonitorResult.ok}))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      p95: sql<
        number | null
      >`round(percentile_cont(0.95) within group (order by ${bizMonitorResult.responseMs}) filter (where ${bizMonitorResult.ok}))`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(bizMonitorResult)
    .where(and(eq(bizMonitorResult.monitorId, monitorId), gte(bizMonitorResult.checkedAt, since)));
  const week = await uptimeSince(db, [monitorId], new Date(now.getTime() - 7 * DAY));
  const points = await pointsOf(db, monitorId, range, since);
  const checks = points.reduce((sum, p) => sum + p.checks, 0);
  const failures = points.reduce((sum, p) => sum + p.failures, 0);
  const incidents = await db
    .select()
    .from(bizMonitorIncident)
    .where(
      and(
        eq(bizMonitorIncident.monitorId, monitorId),
        or(isNull(bizMonitorIncident.endedAt), gte(bizMonitorIncident.endedAt, since)),
      ),
    )
    .orderBy(desc(bizMonitorIncident.startedAt))
    .limit(INCIDENTS);
  return {
    monitor,
    range,
    uptime: {
      day: monitor.uptimeDay,
      week: week.get(monitorId) ?? null,
      month: monitor.uptimeMonth,
      range: uptimeShare(checks - failures, checks),
    },
    averageMs: figures?.average ?? null,
    p95Ms: figures?.p95 ?? null,
    points,
    incidents: incidents.map(
      (incident): MonitorIncident => ({
        startedAt: incident.startedAt.toISOString(),
        endedAt: incident.endedAt?.toISOString() ?? null,
        cause: incident.cause,
      }),
    ),
  };
}

async function pointsOf(db: Db, monitorId: number, range: MonitorRange, since: Date): Promise<MonitorPoint[]> {
  if (range === "24h") {
    const rows = await db
      .select()
      .from(bizMonitorResult)
      .where(and(eq(bizMonitorResult.monitorId, monitorId), gte(bizMonitorResult.checkedAt, since)))
      .orderBy(bizMonitorResult.checkedAt);
    return rows.map((row) => ({
      at: row.checkedAt.toISOString(),
      ms: row.ok ? row.responseMs : null,
      checks: 1,
      failures: row.ok ? 0 : 1,
    }));
  }
  const bucket = range === "90d" ? "day" : "hour";
  // Both drivers answer execute() with { rows }; the shared Db type cannot say so.
  const result = (await db.execute(sql`
    select date_trunc(${bucket}, hour, 'UTC') as at, sum(checks)::int as checks, sum(failures)::int as failures,
           sum(total_ms)::bigint as total_ms
    from (${hoursSince([monitorId], since)}) h group by 1 order by 1`)) as {
    rows: { at: string | Date; checks: number; failures: number; total_ms: number | string }[];
  };
  return result.rows.map((row) => {
    const checks = Number(row.checks);
    const failures = Number(row.failures);
    const ok = checks - failures;
    return {
      at: new Date(row.at).toISOString(),
      ms: ok > 0 ? Math.round(Number(row.total_ms) / ok) : null,
      checks,
      failures,
    };
  });
}
