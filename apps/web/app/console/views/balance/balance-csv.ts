import type { BalanceEntry } from "@rampart/contracts";
import { minorDigits } from "@rampart/pricing";
import type { TFunction } from "i18next";
import { quoted } from "../usage/usage-csv";
import { zonedStamp } from "../usage/usage-format";

/** An amount in minor units as a plain decimal number for a spreadsheet ("-1234.50", "250000"). */
export function plainAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const whole = Math.abs(minor);
  if (digits === 0) return `${sign}${whole}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(whole / scale)}.${String(whole % scale).padStart(digits, "0")}`;
}

/**
 * A month's statement as CSV: the entries oldest first, headers in the reader's language, times in
 * their zone (named in the first header), the kind in words, amounts as plain numbers with their
 * currency, the balance after each entry.
 */
export function statementCsv(entries: readonly BalanceEntry[], t: TFunction, timeZone: string): string {
  const header = [
    t("balance.csv.time", { zone: timeZone }),
    t("balance.columns.kind"),
    t("balance.columns.reference"),
    t("balance.csv.currency"),
    t("balance.columns.amount"),
    t("balance.columns.balanceAfter"),
    t("balance.columns.note"),
  ];
  const rows = [...entries]
    .sort((a, b) => a.entryId - b.entryId)
    .map((entry) => [
      zonedStamp(entry.createdAt, timeZone, "5m"),
      t(`balance.kinds.${entry.kind}`),
      entry.reference,
      entry.currency,
      plainAmount(entry.amount, entry.currency),
      plainAmount(entry.balanceAfter, entry.currency),
      entry.note ?? "",
    ]);
  return `${[header, ...rows].map((row) => row.map(quoted).join(",")).join("\r\n")}\r\n`;
}

/** Every entry of a month, read a page of 100 at a time (a statement is the whole month). */
export async function monthEntries(
  read: (pageNum: number) => Promise<{ entries: BalanceEntry[]; total: number }>,
): Promise<BalanceEntry[]> {
  const entries: BalanceEntry[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await read(pageNum);
    entries.push(...page.entries);
    if (page.entries.length === 0 || entries.length >= page.total) return entries;
  }
}
