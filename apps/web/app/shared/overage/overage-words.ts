import type { OverageFiguresView } from "@rampart/contracts";
import { BPS_PER_MBPS, formatMoney, monthPartName, overageLines, overageMbps } from "@rampart/pricing";

/** "November 2026": the month billed, a calendar month of the site's. */
export function monthName(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${month}T00:00:00Z`),
  );
}

/** Mbps as people read them: at most two decimals. */
export const mbps = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/**
 * An overage order's figures written for the reader, to fill a sentence such as "November 2026:
 * 137.5 Mbps at the 95th percentile, 100 Mbps included; 37.5 Mbps × ¥3.00 per Mbps-month × 20/30 days":
 * one sentence, or for a month whose commitment changed one per part, named by its days
 * ("November 1 – 14, 2026: …").
 */
export function overageWords(figures: OverageFiguresView, language: string) {
  return overageLines(figures).map((line) => ({
    month: line.from && line.until ? monthPartName(line.from, line.until, language) : monthName(line.month, language),
    percentile: mbps(line.p95Bps / BPS_PER_MBPS, language),
    committed: mbps(line.committedMbps, language),
    over: mbps(overageMbps(line.p95Bps, line.committedMbps), language),
    rate: formatMoney({ minor: line.rate, currency: line.currency }, language),
    days: line.days,
    monthDays: line.monthDays,
  }));
}
