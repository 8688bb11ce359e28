import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizUsageMonth, type KeptMonthPart } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/** A service's month of usage, from its whole-service 5-minute buckets. */
export interface MonthUsage {
  /** The month's first day, YYYY-MM-01, in the time zone it was taken in. */
  month: string;
  /**
   * The 95th percentile (nearest rank) of the month's positive 5-minute peaks, bits per second
   * (spec section 9: throughput by the 95th percentile of positive samples); 0 without any.
   */
  p95Bps: number;
  /** The positive buckets the percentile was taken over. */
  samples: number;
  /** Bytes sent to visitors over the month. */
  bytesOut: number;
}

/**
 * The month that `at` falls in, in `timeZone` (the site's: a month is billed as its customers see
 * the calendar), as YYYY-MM-01.
 */
export async function monthOf(db: Db | Tx, at: Date, timeZone: string): Promise<string> {
  const [row] = await sqlRows<{ month: string }>(
    db,
    sql`select to_char(date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${timeZone}), 'YYYY-MM-DD') as month`,
  );
  return row!.month;
}

const DAY_MS = 86_400_000;

/** The day `days` after `day` (YYYY-MM-DD; negative: before). */
export function dayAfter(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (YYYY-MM-DD), `to` not counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The month after `month` (YYYY-MM-01). */
export function nextMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
}

/** The month before `month` (YYYY-MM-01). */
export function previousMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 10);
}

/** Whole days [from, next) of a service, in a time zone (YYYY-MM-DD). */
export interface UsagePeriod {
  serviceId: number;
  timeZone: string;
  from: string;
  next: string;
}

/** A period's figures from the whole service's 5-minute buckets. */
export interface PeriodUsage {
  /** The 95th percentile (nearest rank) of the period's positive peaks, bits per second; 0 without any. */
  p95Bps: number;
  samples: number;
  /** Bytes sent to visitors (counted only when asked: the peaks alone are read from the index). */
  bytesOut: number;
  /** The days of the period the service was in service (the day it began and the day it ended count). */
  days: number;
}

/**
 * Each period's figures, in one statement for them all (a percentile over each service's buckets,
 * read through the primary key with the peaks it includes, period by period: no sort of all the
 * periods' buckets together), answered in the periods' order. The
 * month so far of every package (My services, the usage alerts), an ended month and the parts of
 * it (billing, Business → Usage) are all taken here.
 */
export async function periodUsage(
  db: Db | Tx,
  periods: UsagePeriod[],
  { bytes = false }: { bytes?: boolean } = {},
): Promise<PeriodUsage[]> {
  if (periods.length === 0) return [];
  const wanted = periods.map((p, i) => ({ i, service_id: p.serviceId, tz: p.timeZone, first: p.from, next: p.next }));
  const rows = await sqlRows<{ i: number; p95: string | null; samples: string; bytes_out: string; days: number }>(
    db,
    sql`
    select p.i, x.p95, x.samples, x.bytes_out,
           least(p.next, coalesce((s.terminated_at at time zone p.tz)::date + 1, p.next))
             - greatest(p.first, (s.created_at at time zone p.tz)::date) as days
      from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as p(i int, service_id bigint, tz text, first date, next date)
      join biz_service s on s.service_id = p.service_id
     cross join lateral (
       select percentile_disc(0.95) within group (order by u.peak_bps) filter (where u.peak_bps > 0) as p95,
              count(*) filter (where u.peak_bps > 0) as samples,
              ${bytes ? sql`coalesce(sum(u.bytes_out), 0)` : sql`0`} as bytes_out
         from biz_usage_5m u
        where u.service_id = p.service_id and u.domain = ''
          and u.bucket >= (p.first::timestamp at time zone p.tz) and u.bucket < (p.next::timestamp at time zone p.tz)
     ) x`,
  );
  const out: PeriodUsage[] = periods.map(() => ({ p95Bps: 0, samples: 0, bytesOut: 0, days: 0 }));
  for (const row of rows)
    out[Number(row.i)] = {
      p95Bps: Number(row.p95 ?? 0),
      samples: Number(row.samples),
      bytesOut: Number(row.bytes_out),
      days: Math.max(0, Number(row.days)),
    };
  return out;
}

/**
 * A service's usage over a month in a time zone, read from the 5-minute buckets (kept 35 days:
 * a month's figures are taken, and kept with `keepMonthUsage`, before its buckets are rolled up).
 * Only the whole service's buckets (`domain` empty) count: peaks of domains do not add up.
 */
export async function monthUsage(db: Db | Tx, serviceId: number, month: string, timeZone: string): Promise<MonthUsage> {
  const [row] = await sqlRows<{ p95: string | null; samples: string; bytes_out: string }>(
    db,
    sql`
    select percentile_disc(0.95) within group (order by peak_bps) filter (where peak_bps > 0) as p95,
           count(*) filter (where peak_bps > 0) as samples,
           coalesce(sum(bytes_out), 0) as bytes_out
      from biz_usage_5m
     where service_id = ${serviceId}
       and domain = ''
       and bucket >= (${month}::timestamp at time zone ${timeZone})
       and bucket < ((${month}::timestamp + interval '1 month') at time zone ${timeZone})`,
  );
  return { month, p95Bps: Number(row!.p95 ?? 0), samples: Number(row!.samples), bytesOut: Number(row!.bytes_out) };
}

/**
 * Keeps a month's figures, with its parts when its commitment changed (taken again later, they
 * replace the earlier; alerts and the overage order stay).
 */
export async function keepMonthUsage(
  db: Db | Tx,
  serviceId: number,
  usage: MonthUsage,
  now: Date,
  parts: KeptMonthPart[] | null = null,
): Promise<void> {
  const figures = { p95Bps: usage.p95Bps, samples: usage.samples, bytesOut: usage.bytesOut, parts, computedAt: now };
  await db
    .insert(bizUsageMonth)
    .values({ serviceId, month: usage.month, ...figures })
    .onConflictDoUpdate({ target: [bizUsageMonth.serviceId, bizUsageMonth.month], set: figures });
}
