import type { MonitorReport } from "@rampart/contracts";
import type { TFunction } from "i18next";
import type { EChartsCoreOption } from "../parts/echarts-core";

const HOUR_MS = 3_600_000;
/** How far back each range of a report reaches. */
const RANGE_MS: Record<MonitorReport["range"], number> = {
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
  "90d": 90 * 24 * HOUR_MS,
};

/**
 * The response-time chart of a report: the response time of each check (or each hour's or day's
 * average) on a time axis, gaps where nothing answered, and the failed checks as red marks on the
 * axis (their number, for hours and days, in the tooltip).
 */
export function responseChart(
  report: MonitorReport,
  { t, primary, language, now = Date.now() }: { t: TFunction; primary: string; language: string; now?: number },
): EChartsCoreOption {
  const failed = report.points.filter((point) => point.failures > 0);
  const hours = report.range === "24h";
  // The axis spans the whole range, labelled in hours and minutes (a day) or days (longer), a few
  // labels at most and none overlapping: left to itself, ECharts spread a new monitor's first
  // checks over seconds ("23:55:18", "23:55:20"… run together).
  const label = new Intl.DateTimeFormat(
    language,
    hours ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : { month: "short", day: "numeric" },
  );
  const number = new Intl.NumberFormat(language);
  return {
    color: [primary, "#ff4d4f"],
    tooltip: {
      trigger: "axis",
      valueFormatter: (value: number | null) => (value === null ? "—" : number.format(value)),
    },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: {
      type: "time",
      min: now - RANGE_MS[report.range],
      max: now,
      minInterval: hours ? HOUR_MS : 24 * HOUR_MS,
      splitNumber: 6,
      axisLabel: { formatter: (value: number) => label.format(value), hideOverlap: true },
    },
    // The legend names the line and its unit: no axis name to collide with it on a phone.
    // Milliseconds as the page's language writes numbers (vi and id: 3.500).
    yAxis: { type: "value", min: 0, axisLabel: { formatter: (value: number) => number.format(value) } },
    series: [
      {
        name: t("uptime.report.responseTime"),
        type: "line",
        showSymbol: report.points.length < 60,
        connectNulls: false,
        areaStyle: { opacity: 0.12 },
        data: report.points.map((point) => [point.at, point.ms]),
      },
      {
        name: t("uptime.report.failed"),
        type: "scatter",
        symbolSize: 8,
        data: failed.map((point) => [point.at, 0, point.failures]),
        tooltip: { valueFormatter: () => "" },
      },
    ],
  };
}
