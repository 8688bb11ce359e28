import type { UsageGranularity } from "@rampart/contracts";

/** Byte units, base 1000 as the throughput units (spec section 9). */
const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** The unit a series of byte counts is drawn in (by its largest value), and what divides into it. */
export function byteUnit(values: readonly number[]): { unit: string; divisor: number } {
  const largest = Math.max(0, ...values);
  let index = 0;
  while (index < BYTE_UNITS.length - 1 && largest >= 1000 ** (index + 1)) index++;
  return { unit: BYTE_UNITS[index]!, divisor: 1000 ** index };
}

/** A number as the page's language writes it. */
export function formatNumber(value: number, language: string, digits = 2): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}

/**
 * A count for a figure at a glance: whole up to a million, then short as the language shortens it
 * (292.2M, 2.9亿, 292,2 jt), so that it fits its tile; the exact count is the tile's title.
 */
export function formatCount(value: number, language: string): string {
  if (Math.abs(value) < 1_000_000) return formatNumber(value, language, 0);
  return new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** A byte count in its unit, base 1000 (1.2 GB). */
export function formatBytes(bytes: number, language: string): string {
  const { unit, divisor } = byteUnit([bytes]);
  return `${formatNumber(bytes / divisor, language, bytes / divisor < 10 ? 2 : 1)} ${unit}`;
}

const BPS_UNITS = ["bps", "Kbps", "Mbps", "Gbps", "Tbps", "Pbps"] as const;

/** Bits per second in their unit, base 1000 (412 Mbps). */
export function formatBps(bps: number, language: string): string {
  let index = 0;
  while (index < BPS_UNITS.length - 1 && bps >= 1000 ** (index + 1)) index++;
  const value = bps / 1000 ** index;
  return `${formatNumber(value, language, value < 10 ? 2 : 1)} ${BPS_UNITS[index]}`;
}

/** An instant's wall-clock parts in a time zone. */
function wall(iso: string, timeZone: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(iso));
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

/** "2026-11-20 18:05" (or "2026-11-20" for a day), in the reader's time zone: what the CSV writes. */
export function zonedStamp(iso: string, timeZone: string, granularity: UsageGranularity): string {
  const p = wall(iso, timeZone);
  const day = `${p.year}-${p.month}-${p.day}`;
  return granularity === "day" ? day : `${day} ${p.hour}:${p.minute}`;
}

/** A point's label on a chart's axis, in the reader's time zone and language. */
export function axisLabel(iso: string, timeZone: string, granularity: UsageGranularity, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === "day"
      ? { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }
      : { timeZone, month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}

/** An instant as the reader's clock shows it, for the attack list. */
export function zonedDateTime(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The share of requests answered from the cache, in percent (null without requests). */
export function hitRatio(cached: number, requests: number): number | null {
  return requests > 0 ? Math.round((cached / requests) * 10_000) / 100 : null;
}
