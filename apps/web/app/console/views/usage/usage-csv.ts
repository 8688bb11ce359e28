import type { UsageSeriesView } from "@rampart/contracts";
import type { TFunction } from "i18next";
import { hitRatio, zonedStamp } from "./usage-format";

/** The CSV's columns after the time: a figure of the series, or the cache hit ratio taken from two. */
const COLUMNS = [
  "bytesOut",
  "bytesOrigin",
  "requests",
  "cachedRequests",
  "hitRatio",
  "status2xx",
  "status3xx",
  "status4xx",
  "status5xx",
  "peakBps",
  "wafBlocked",
  "ddosBytes",
  "ddosPackets",
] as const;

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
export const quoted = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * What the page shows as CSV, one row per point, headers in the reader's language, times in their
 * zone (named in the first header), plain numbers (bytes, bits per second) for a spreadsheet.
 */
export function usageCsv(data: UsageSeriesView, t: TFunction): string {
  const header = [t("usage.csv.time", { zone: data.timeZone }), ...COLUMNS.map((column) => t(`usage.csv.${column}`))];
  const rows = data.at.map((at, i) => {
    const f = data.figures;
    const ratio = hitRatio(f.cachedRequests[i]!, f.requests[i]!);
    return [
      zonedStamp(at, data.timeZone, data.granularity),
      ...COLUMNS.map((column) =>
        column === "hitRatio" ? (ratio === null ? "" : String(ratio)) : String(f[column][i] ?? 0),
      ),
    ];
  });
  return `${[header, ...rows].map((row) => row.map(quoted).join(",")).join("\r\n")}\r\n`;
}

/** The CSV's file name: the package, the domain shown and the range. */
export function csvFileName(data: UsageSeriesView): string {
  const first = zonedStamp(data.from, data.timeZone, "day");
  const last = zonedStamp(new Date(Date.parse(data.to) - 1).toISOString(), data.timeZone, "day");
  return `usage-${data.orderNo}${data.domain ? `-${data.domain}` : ""}-${first}-${last}.csv`;
}

/** Hands the CSV to the browser as a download (UTF-8 with a byte order mark, which spreadsheets read). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
