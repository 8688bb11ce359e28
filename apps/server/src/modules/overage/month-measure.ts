import { type Catalogue, type OverageQuote, type PurchaseConfiguration, quoteOverageParts } from "@rampart/pricing";
import type { Db, Tx } from "../../db/client.ts";
import type { bizUsageMonth, KeptMonthPart } from "../../db/schema.ts";
import { daysBetween, type MonthUsage, nextMonth, periodUsage, type UsagePeriod } from "../usage/usage-month.ts";
import { type CommitmentPart, lastDayOf } from "./month-commitments.ts";

/** A part of a month under one commitment, measured. */
export interface MeasuredPart {
  from: string;
  until: string;
  configuration: PurchaseConfiguration;
  p95Bps: number;
  samples: number;
  days: number;
}

/** A package's month (or month so far) as it is billed: the whole month's figures and its parts (one or more). */
export interface MeasuredMonth extends MonthUsage {
  /** Its days in service, of `monthDays`. */
  days: number;
  monthDays: number;
  /** Its parts by commitment, in order: one for a month whose commitment did not change. */
  parts: MeasuredPart[];
}

/**
 * Each package's `month` in `timeZone`, from its 5-minute buckets: the whole month and, when its
 * commitment changed (`commitments`, month-commitments.ts), each part of it; one statement for
 * them all. With `bytes`, the month's bytes sent too (read from the table, not the index alone).
 */
export async function measureMonths(
  db: Db | Tx,
  timeZone: string,
  month: string,
  packages: { serviceId: number }[],
  commitments: Map<number, CommitmentPart[]>,
  { bytes = false }: { bytes?: boolean } = {},
): Promise<Map<number, MeasuredMonth>> {
  const next = nextMonth(month);
  const periods: UsagePeriod[] = [];
  for (const { serviceId } of packages) {
    periods.push({ serviceId, timeZone, from: month, next });
    const parts = commitments.get(serviceId) ?? [];
    if (parts.length > 1)
      for (const part of parts) periods.push({ serviceId, timeZone, from: part.from, next: part.next });
  }
  const usage = await periodUsage(db, periods, { bytes });
  const out = new Map<number, MeasuredMonth>();
  let at = 0;
  for (const { serviceId } of packages) {
    const whole = usage[at++]!;
    const parts = commitments.get(serviceId) ?? [];
    out.set(serviceId, {
      month,
      p95Bps: whole.p95Bps,
      samples: whole.samples,
      bytesOut: whole.bytesOut,
      days: whole.days,
      monthDays: daysBetween(month, next),
      parts:
        parts.length > 1
          ? parts.map((part) => {
              const own = usage[at++]!;
              return { ...partDays(part), configuration: part.configuration, ...figuresOf(own) };
            })
          : parts.map((part) => ({ ...partDays(part), configuration: part.configuration, ...figuresOf(whole) })),
    });
  }
  return out;
}

const partDays = (part: CommitmentPart) => ({ from: part.from, until: lastDayOf(part) });
const figuresOf = (u: { p95Bps: number; samples: number; days: number }) => ({
  p95Bps: u.p95Bps,
  samples: u.samples,
  days: u.days,
});

/**
 * A month's figures as kept after it ended (biz_usage_month), with its parts' commitments: the
 * parts kept with it when they are the commitments' parts; a month kept without them (by the
 * upkeep, its buckets about to go, before it was billed) is billed whole against the commitment
 * in force on its first day.
 */
export function keptMonth(
  row: typeof bizUsageMonth.$inferSelect,
  commitments: CommitmentPart[],
  days: { days: number; monthDays: number },
): MeasuredMonth {
  const kept = row.parts ?? [];
  const same =
    commitments.length > 1 &&
    kept.length === commitments.length &&
    commitments.every((part, i) => kept[i]!.from === part.from && kept[i]!.until === lastDayOf(part));
  const whole = { month: row.month, p95Bps: row.p95Bps, samples: row.samples, bytesOut: row.bytesOut, ...days };
  const first = commitments[0];
  return {
    ...whole,
    parts: same
      ? kept.map((part, i) => ({ ...part, configuration: commitments[i]!.configuration }))
      : first
        ? [
            {
              from: row.month,
              until: lastDayOf({ next: nextMonth(row.month) }),
              configuration: first.configuration,
              ...figuresOf({ ...row, days: days.days }),
            },
          ]
        : [],
  };
}

/** The parts to keep with a month's figures: null for a month of one commitment. */
export function partsToKeep(measured: MeasuredMonth): KeptMonthPart[] | null {
  if (measured.parts.length < 2) return null;
  return measured.parts.map(({ from, until, p95Bps, samples, days }) => ({ from, until, p95Bps, samples, days }));
}

/** The engine's quote of a measured month: against its one commitment, or part by part. */
export function quoteMonth(catalogue: Catalogue, measured: MeasuredMonth): OverageQuote | null {
  return quoteOverageParts(
    catalogue,
    { month: measured.month, p95Bps: measured.p95Bps, days: measured.days, monthDays: measured.monthDays },
    measured.parts,
  );
}
