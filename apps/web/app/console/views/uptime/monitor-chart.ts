import type { MonitorReport } from "@rampart/contracts";
import type { TFunction } from "i18next";
import type { EChartsCoreOption } from "../charts/echarts-core";

/**
 * The response-time chart of a report: the response time of each check (or each hour's or day's
 * average) on a time axis, gaps where nothing answered, and the failed checks as red marks on the
 * axis (their number, for hours and days, in the tooltip).
 */
export function responseChart(report: MonitorReport, t: TFunction, primary: string): EChartsCoreOption {
  const failed = report.points.filter((point) => point.failures > 0);
  return {
    color: [primary, "#ff4d4f"],
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: "time" },
    // The legend names the line and its unit: no axis name to collide with it on a phone.
    yAxis: { type: "value", min: 0 },
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
