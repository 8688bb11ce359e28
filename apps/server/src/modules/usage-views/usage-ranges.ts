import {
  USAGE_5M_MAX_DAYS,
  USAGE_HOURLY_MAX_DAYS,
  type UsageGranularity,
  type UsageRange,
  type UsageSeriesQuery,
} from "@rampart/contracts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * How long each granularity is kept (the defaults: `sys.usage.keep5mDays`,
 * `keepHourlyMonths`, `keepDailyYears`): a range is drawn from the finest table that still holds it.
 */
export const KEPT_DAYS = { "5m": 35, hour: 395, day: 5 * 366 } as const;

/** The range a query asks for, as instants, and the width of its points. */
export interface ResolvedRange {
  range: UsageRange;
  from: Date;
  /** Excluded. */
  to: Date;
  granularity: UsageGranularity;
}

/** Each time zone's formatter, made once (making one costs far more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone`. */
export function dayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return new Date(at);
}

/**
 * Whether every day of `timeZone` from `from` (a day's start there) to `to` begins at the same
 * offset from UTC: then its days are `from` plus whole multiples of 24 hours, which the database
 * can bin by arithmetic instead of converting each row to the zone's time.
 */
export function sameOffsetDays(from: Date, to: Date, timeZone: string): boolean {
  const offset = offsetAt(from.getTime(), timeZone);
  for (let at = from.getTime() + DAY; at <= to.getTime(); at += DAY)
    if (offsetAt(at, timeZone) !== offset) return false;
  return true;
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayOf(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD is a day of the calendar (not 2026-02-31). */
function isDay(day: string | undefined): day is string {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Boolean(day) && !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** The day after a day (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/**
 * The points' width for a range: 5 minutes up to 2 days, hours up to 60 days, days beyond, and a
 * coarser one when the range begins before the finer buckets kept.
 */
export function granularityFor(from: Date, to: Date, now: Date): UsageGranularity {
  const days = (to.getTime() - from.getTime()) / DAY;
  const age = (now.getTime() - from.getTime()) / DAY;
  if (days <= USAGE_5M_MAX_DAYS && age <= KEPT_DAYS["5m"]) return "5m";
  if (days <= USAGE_HOURLY_MAX_DAYS && age <= KEPT_DAYS.hour) return "hour";
  return "day";
}

const ceilTo = (at: number, step: number) => Math.ceil(at / step) * step;

/** Why a chosen range cannot be shown (the message key), or null. */
export type RangeRefusal = "usage_range_invalid" | "usage_range_too_old";

/**
 * The range a query asks for: the last 24 hours in 5-minute points (up to the bucket in progress),
 * 7 or 30 days in hours (up to the hour in progress, its figures so far), or whole days of the reader's time zone from `from` to `to`.
 */
export function resolveRange(
  query: UsageSeriesQuery,
  now: Date,
  timeZone: string,
): ResolvedRange | { refused: RangeRefusal } {
  const range = query.range ?? "24h";
  if (range === "24h") {
    // Up to the bucket in progress, which the platform has not reported yet (a drop to zero otherwise).
    const to = new Date(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE);
    return { range, from: new Date(to.getTime() - DAY), to, granularity: "5m" };
  }
  if (range === "7d" || range === "30d") {
    const to = new Date(ceilTo(now.getTime() + 1, HOUR));
    const from = new Date(to.getTime() - (range === "7d" ? 7 : 30) * DAY);
    return { range, from, to, granularity: "hour" };
  }
  if (!isDay(query.from) || !isDay(query.to) || query.from > query.to) return { refused: "usage_range_invalid" };
  if (query.from < keptSince(now, timeZone)) return { refused: "usage_range_too_old" };
  if (query.to > nextDay(dayOf(now, timeZone))) return { refused: "usage_range_invalid" };
  const from = dayStart(query.from, timeZone);
  const to = dayStart(nextDay(query.to), timeZone);
  return { range, from, to, granularity: granularityFor(from, to, now) };
}

/** The first day a range may start: what the daily table keeps. */
export function keptSince(now: Date, timeZone: string): string {
  return dayOf(new Date(now.getTime() - KEPT_DAYS.day * DAY), timeZone);
}
