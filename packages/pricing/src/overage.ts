import { billsOverage, type Catalogue, editionOf } from "./catalogue.ts";
import type { OverageFigures, OveragePart, PurchaseConfiguration } from "./configuration.ts";

/**
 * Burstable billing (issue 40): a bandwidth package whose month's 95th percentile of 5-minute
 * peaks went beyond the bandwidth it commits to pays for the Mbps above it, at the price list's
 * overage rate per Mbps-month, prorated to the days it was in service that month. A month in which
 * its commitment changed is billed in parts, each against the commitment in force then, prorated
 * to its own days.
 */

/** Bits per second in one Mbps (decimal, as bandwidth is sold). */
export const BPS_PER_MBPS = 1_000_000;

/**
 * (p95 Mbps − committed Mbps) × rate × days / days of the month, in whole minor units rounded up
 * (as every prorated price of the engine); 0 when the percentile is not above the commitment.
 * Computed in integers (bits per second), so the amount is exact however large the figures.
 */
export function overageAmount(figures: Omit<OverageFigures, "month" | "currency">): number {
  const { p95Bps, committedMbps, days, monthDays, rate } = figures;
  const overBps = BigInt(Math.max(0, Math.round(p95Bps))) - BigInt(Math.round(committedMbps)) * BigInt(BPS_PER_MBPS);
  if (overBps <= 0n || rate <= 0 || days <= 0 || monthDays <= 0) return 0;
  const numerator = overBps * BigInt(rate) * BigInt(Math.min(days, monthDays));
  const denominator = BigInt(BPS_PER_MBPS) * BigInt(monthDays);
  return Number((numerator + denominator - 1n) / denominator);
}

/** The Mbps above the commitment (0 when not above), to two decimals, for people to read. */
export function overageMbps(p95Bps: number, committedMbps: number): number {
  return Math.max(0, Math.round((p95Bps / BPS_PER_MBPS - committedMbps) * 100) / 100);
}

/** A month's use of a package, as the job measured it. */
export interface MonthUse {
  month: string;
  p95Bps: number;
  days: number;
  monthDays: number;
}

export type OverageQuote = { figures: OverageFigures; amount: number };

/**
 * What a configuration commits to, by the price list: the bandwidth bought (or its edition's
 * included one) and its edition's overage rate; null when overage is not billed (no such edition,
 * one that cannot bill overage, no rate, no bandwidth).
 */
function commitmentOf(
  catalogue: Catalogue,
  configuration: PurchaseConfiguration,
): { committedMbps: number; rate: number } | null {
  const edition = editionOf(catalogue, configuration.product, configuration.edition);
  const committedMbps = configuration.quantities.bandwidth ?? edition?.quantities.bandwidth?.included;
  if (!edition || !billsOverage(edition) || !edition.overageRate || committedMbps === undefined) return null;
  return { committedMbps, rate: edition.overageRate };
}

/**
 * The engine's quote of a package's overage for a month, with the price list's rate for its edition
 * and the bandwidth it commits to; null when there is nothing to bill (no rate, no bandwidth bought,
 * the percentile not above the commitment, or an amount of 0).
 */
export function quoteOverage(
  catalogue: Catalogue,
  configuration: PurchaseConfiguration,
  use: MonthUse,
): OverageQuote | null {
  const commitment = commitmentOf(catalogue, configuration);
  if (!commitment) return null;
  const figures: OverageFigures = { ...use, ...commitment, currency: catalogue.currency };
  const amount = overageAmount(figures);
  return amount > 0 ? { figures, amount } : null;
}

/** A part of a month during which the package kept one configuration, as the job measured it. */
export interface MonthPartUse {
  /** Its first and last day, YYYY-MM-DD. */
  from: string;
  until: string;
  configuration: PurchaseConfiguration;
  /** The 95th percentile of the part's 5-minute peaks. */
  p95Bps: number;
  /** Its days in service. */
  days: number;
}

/**
 * The quote of a month in which the package's commitment changed: each part against its own
 * commitment and rate, prorated to its days (a part whose edition bills no overage counts 0); the
 * amount is the sum of the parts' (each rounded up, as one part alone would be). `use` is the
 * month as a whole. With one part, the month's quote against it. Null when there is nothing to bill.
 */
export function quoteOverageParts(catalogue: Catalogue, use: MonthUse, parts: MonthPartUse[]): OverageQuote | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return quoteOverage(catalogue, parts[0]!.configuration, use);
  const billed: OveragePart[] = parts.map((part) => {
    const commitment = commitmentOf(catalogue, part.configuration);
    return {
      from: part.from,
      until: part.until,
      p95Bps: part.p95Bps,
      committedMbps: commitment?.committedMbps ?? part.configuration.quantities.bandwidth ?? 0,
      days: part.days,
      rate: commitment?.rate ?? 0,
    };
  });
  const last = billed.at(-1)!;
  const figures: OverageFigures = {
    ...use,
    committedMbps: last.committedMbps,
    rate: last.rate,
    currency: catalogue.currency,
    parts: billed,
  };
  const amount = overageTotal(figures);
  return amount > 0 ? { figures, amount } : null;
}

/** An overage order's amount computed again from its figures alone: the sum of its parts' when it has parts. */
export function overageTotal(figures: OverageFigures): number {
  if (!figures.parts?.length) return overageAmount(figures);
  return figures.parts.reduce((sum, part) => sum + overageAmount({ ...part, monthDays: figures.monthDays }), 0);
}

/**
 * One line of what an overage order billed: the whole month, or one part of it (`from`–`until`),
 * with its amount, minor units.
 */
export type OverageLine = Omit<OverageFigures, "parts"> & { from?: string; until?: string; amount: number };

/** The lines that explain an overage order's amount, for people to read: one, or one per part. */
export function overageLines(figures: OverageFigures): OverageLine[] {
  const { parts, ...month } = figures;
  if (!parts?.length) return [{ ...month, amount: overageAmount(month) }];
  return parts.map((part) => ({
    ...part,
    month: month.month,
    monthDays: month.monthDays,
    currency: month.currency,
    amount: overageAmount({ ...part, monthDays: month.monthDays }),
  }));
}

/**
 * A part of a month, its first and last day (YYYY-MM-DD, both counted), in the reader's language:
 * "November 1 – 14, 2026", "1–14 November 2026", "2026年11月1日至14日".
 */
export function monthPartName(from: string, until: string, language: string): string {
  const [year, month, first] = from.split("-").map(Number) as [number, number, number];
  const last = Number(until.slice(8, 10));
  if (language.startsWith("zh")) return `${year}年${month}月${first}日${last === first ? "" : `至${last}日`}`;
  return new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).formatRange(new Date(`${from}T00:00:00Z`), new Date(`${until}T00:00:00Z`));
}
