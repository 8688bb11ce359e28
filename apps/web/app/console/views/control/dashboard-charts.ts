import type { DashboardView } from "@rampart/contracts";
import { formatMoney, minorDigits } from "@rampart/pricing";
import type { TFunction } from "i18next";
import type { EChartsCoreOption } from "../parts/echarts-core";
import { throughputUnit } from "./throughput-units";

const STATUS_COLOURS: Record<string, string> = {
  unpaid: "#faad14",
  paid: "#52c41a",
  closed: "#bfbfbf",
  refunded: "#ff4d4f",
};
/** A day on a chart's axis: month and day (the year is in the report's heading). */
const axisLabel = (day: string) => day.slice(5);

interface ChartOptions {
  t: TFunction;
  language: string;
  /** The theme's primary colour: the charts' first series. */
  primary: string;
  /** The currency the revenue chart shows (one at a time: amounts in different currencies do not add). */
  shownCurrency: string | null;
}

/**
 * The dashboard's four charts as ECharts options: orders, payments (and leads) per day; bandwidth
 * per day in its own unit; revenue (a customer's spending) per product; the orders' statuses.
 */
export function dashboardCharts(data: DashboardView, { t, language, primary, shownCurrency }: ChartOptions) {
  const axisDays = data.days.map(axisLabel);
  // Numbers as the page's language writes them (vi and id group with dots: 5.000.000), not as
  // ECharts does (always 5,000,000).
  const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  const numberLabels = { formatter: number };
  const activity: EChartsCoreOption = {
    color: [primary, "#52c41a", "#fa8c16"],
    tooltip: { trigger: "axis", valueFormatter: number },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: axisDays, boundaryGap: false },
    yAxis: { type: "value", minInterval: 1, axisLabel: numberLabels },
    series: [
      { name: t("dashboard.series.orders"), type: "line", showSymbol: false, data: data.ordersPerDay },
      { name: t("dashboard.series.paid"), type: "line", showSymbol: false, data: data.paidPerDay },
      ...(data.leadsPerDay
        ? [{ name: t("dashboard.series.leads"), type: "line", showSymbol: false, data: data.leadsPerDay }]
        : []),
    ],
  };
  const { unit, divisor } = throughputUnit(data.bandwidthPerDay);
  const bandwidth: EChartsCoreOption = {
    color: [primary],
    tooltip: { trigger: "axis", valueFormatter: (value: number) => `${number(value)} ${unit}` },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: axisDays, boundaryGap: false },
    yAxis: {
      type: "value",
      name: t("dashboard.bandwidthAxis", { unit }),
      nameTextStyle: { align: "left" },
      axisLabel: numberLabels,
    },
    series: [
      {
        name: t("dashboard.charts.bandwidth"),
        type: "line",
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: data.bandwidthPerDay.map((bps) => Math.round((bps / divisor) * 100) / 100),
      },
    ],
  };
  const revenueRows = data.revenue.filter((row) => row.currency === shownCurrency);
  const digits = shownCurrency ? minorDigits(shownCurrency) : 0;
  const revenue: EChartsCoreOption = {
    color: [primary],
    tooltip: {
      trigger: "axis",
      valueFormatter: (value: number) =>
        shownCurrency
          ? formatMoney({ minor: Math.round(value * 10 ** digits), currency: shownCurrency }, language)
          : "",
    },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    yAxis: { type: "category", inverse: true, data: revenueRows.map((row) => t(`nav.products_.${row.product}`)) },
    xAxis: { type: "value", axisLabel: { hideOverlap: true, ...numberLabels } },
    series: [{ type: "bar", barMaxWidth: 28, data: revenueRows.map((row) => row.amount / 10 ** digits) }],
  };
  const status: EChartsCoreOption = {
    tooltip: { trigger: "item" },
    legend: { bottom: 0 },
    series: [
      {
        type: "pie",
        radius: ["45%", "70%"],
        center: ["50%", "45%"],
        label: {
          position: "inside",
          formatter: ({ value }: { value: number }) => number(value),
          color: "#fff",
          fontWeight: 600,
        },
        data: data.statusMix.map((row) => ({
          name: t(`dashboard.statuses.${row.status}`),
          value: row.count,
          itemStyle: { color: STATUS_COLOURS[row.status] },
        })),
      },
    ],
  };
  return { activity, bandwidth, revenue, status };
}
