import type { Language } from "@rampart/contracts";
import {
  BPS_PER_MBPS,
  formatMoney,
  monthPartName,
  type OverageFigures,
  type OverageLine,
  overageLines,
  overageMbps,
} from "@rampart/pricing";

/** "November 2026" in the reader's language (the month is the site's calendar month, written as such). */
export function monthName(month: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${month}T00:00:00Z`),
  );
}

const mbps = (value: number, language: Language) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

/**
 * One line of what an overage order billed, written for its reader: `month` names the month, or
 * for a part of a month its days.
 */
export function overageLineValues(line: OverageLine, language: Language) {
  return {
    month: line.from && line.until ? monthPartName(line.from, line.until, language) : monthName(line.month, language),
    percentile: mbps(line.p95Bps / BPS_PER_MBPS, language),
    committed: mbps(line.committedMbps, language),
    over: mbps(overageMbps(line.p95Bps, line.committedMbps), language),
    rate: formatMoney({ minor: line.rate, currency: line.currency }, language),
    days: String(line.days),
    monthDays: String(line.monthDays),
    amount: formatMoney({ minor: line.amount, currency: line.currency }, language),
  };
}

/** The overage mail's figures (of a month of one commitment), written for its reader. */
export function overageMailValues(figures: OverageFigures, language: Language) {
  const { amount: _, ...values } = overageLineValues(overageLines(figures)[0]!, language);
  return { ...values, month: monthName(figures.month, language) };
}

type LineValues = ReturnType<typeof overageLineValues>;

/** A part's line in a mail, as the order pages write it, with the part's amount. */
const PART_LINE: Record<Language, (v: LineValues) => string> = {
  en: (v) =>
    `${v.month}: ${v.percentile} Mbps at the 95th percentile, ${v.committed} Mbps included; ${v.over} Mbps × ${v.rate} per Mbps-month × ${v.days}/${v.monthDays} days = ${v.amount}`,
  "zh-CN": (v) =>
    `${v.month}：第 95 百分位 ${v.percentile} Mbps，套餐含 ${v.committed} Mbps；${v.over} Mbps × 每 Mbps·月 ${v.rate} × ${v.days}/${v.monthDays} 天 = ${v.amount}`,
  "zh-TW": (v) =>
    `${v.month}：第 95 百分位 ${v.percentile} Mbps，方案含 ${v.committed} Mbps；${v.over} Mbps × 每 Mbps·月 ${v.rate} × ${v.days}/${v.monthDays} 天 = ${v.amount}`,
  id: (v) =>
    `${v.month}: ${v.percentile} Mbps pada persentil ke-95, termasuk ${v.committed} Mbps; ${v.over} Mbps × ${v.rate} per Mbps-bulan × ${v.days}/${v.monthDays} hari = ${v.amount}`,
  vi: (v) =>
    `${v.month}: ${v.percentile} Mbps ở phân vị thứ 95, gói gồm ${v.committed} Mbps; ${v.over} Mbps × ${v.rate} mỗi Mbps-tháng × ${v.days}/${v.monthDays} ngày = ${v.amount}`,
};

/** The mail of a month billed in parts: its month, and one line per part. */
export function overagePartsMailValues(figures: OverageFigures, language: Language) {
  return {
    month: monthName(figures.month, language),
    parts: overageLines(figures)
      .map((line) => `• ${PART_LINE[language](overageLineValues(line, language))}`)
      .join("\n"),
  };
}
