import type { UsageSeriesView } from "@rampart/contracts";
import type { TFunction } from "i18next";
import { throughputUnit } from "../control/throughput-units";
import type { EChartsCoreOption } from "../parts/echarts-core";
import { axisLabel, byteUnit, formatNumber, hitRatio } from "./usage-format";

interface ChartContext {
  t: TFunction;
  language: string;
  /** The theme's primary colour: each chart's first series. */
  primary: string;
}

const ATTACK_COLOUR = "rgba(255, 77, 79, 0.12)";
const GRID = { left: 8, right: 16, top: 56, bottom: 8, containLabel: true };

/** The point an instant falls in: the last one that starts at or before it (the first if before them all). */
function pointOf(starts: readonly number[], at: number): number {
  let found = 0;
  for (let i = 0; i < starts.length && starts[i]! <= at; i++) found = i;
  return found;
}

/**
 * The attacks as shaded spans of the timeline, each from its start's point to its end's (or the
 * last), named inside its top corner that faces the middle of the chart (never cut at an edge).
 */
export function attackAreas(data: UsageSeriesView, label: (vector: string) => string) {
  const starts = data.at.map((iso) => Date.parse(iso));
  return data.attacks.map((attack) => {
    const first = pointOf(starts, Date.parse(attack.startedAt));
    const position = first > starts.length / 2 ? "insideTopRight" : "insideTopLeft";
    return [
      { name: label(attack.vector), xAxis: first, label: { position } },
      { xAxis: attack.endedAt ? pointOf(starts, Date.parse(attack.endedAt)) : starts.length - 1 },
    ];
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

/** What every chart of the page shares: the data, its axis of times, the words and numbers. */
interface Frame {
  data: UsageSeriesView;
  t: TFunction;
  primary: string;
  number: (value: number) => string;
  xAxis: { type: "category"; data: string[]; boundaryGap: boolean };
}

const line = (name: string, values: (number | null)[], extra: Record<string, unknown> = {}) => ({
  name,
  type: "line",
  showSymbol: false,
  data: values,
  ...extra,
});

/** Peaks in their unit, the range's 95th percentile and the bandwidth bought dashed, the attacks shaded. */
function bandwidthChart({ data, t, primary, number, xAxis }: Frame): EChartsCoreOption {
  const { unit, divisor } = throughputUnit(data.figures.peakBps);
  const flat = (bps: number) => data.at.map(() => round(bps / divisor));
  const dashed = { lineStyle: { type: "dashed", width: 1.5 }, symbol: "none" };
  const peaks = line(
    t("usage.series.peak"),
    data.figures.peakBps.map((bps) => round(bps / divisor)),
    {
      areaStyle: { opacity: 0.12 },
      markArea: {
        silent: true,
        itemStyle: { color: ATTACK_COLOUR },
        label: { color: "#cf1322", fontSize: 11 },
        data: attackAreas(data, (vector) => t("usage.attackMark", { vector })),
      },
    },
  );
  return {
    color: [primary, "#fa8c16", "#ff4d4f"],
    tooltip: { trigger: "axis", valueFormatter: (value: number) => `${number(value)} ${unit}` },
    legend: { top: 0 },
    grid: GRID,
    xAxis,
    yAxis: { type: "value", name: unit, axisLabel: { formatter: number } },
    series: [
      peaks,
      ...(data.p95Bps ? [line(t("usage.series.p95"), flat(data.p95Bps), dashed)] : []),
      ...(data.committedBps ? [line(t("usage.series.committed"), flat(data.committedBps), dashed)] : []),
    ],
  };
}

/** Bytes to visitors and from the origin, in one unit. */
function trafficChart({ data, t, primary, number, xAxis }: Frame): EChartsCoreOption {
  const f = data.figures;
  const bytes = byteUnit([...f.bytesOut, ...f.bytesOrigin]);
  const inBytes = (values: number[]) => values.map((value) => round(value / bytes.divisor));
  return {
    color: [primary, "#13c2c2"],
    tooltip: { trigger: "axis", valueFormatter: (value: number) => `${number(value)} ${bytes.unit}` },
    legend: { top: 0 },
    grid: GRID,
    xAxis,
    yAxis: { type: "value", name: bytes.unit, axisLabel: { formatter: number } },
    series: [
      line(t("usage.series.bytesOut"), inBytes(f.bytesOut), { areaStyle: { opacity: 0.12 } }),
      line(t("usage.series.bytesOrigin"), inBytes(f.bytesOrigin)),
    ],
  };
}

/** Requests and those answered from the cache, and the hit ratio in percent on its own axis. */
function requestsChart({ data, t, primary, number, xAxis }: Frame): EChartsCoreOption {
  const f = data.figures;
  const counted = { tooltip: { valueFormatter: number } };
  return {
    color: [primary, "#52c41a", "#722ed1"],
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: GRID,
    xAxis,
    yAxis: [
      { type: "value", minInterval: 1, axisLabel: { formatter: number } },
      { type: "value", min: 0, max: 100, axisLabel: { formatter: "{value} %" }, splitLine: { show: false } },
    ],
    series: [
      line(t("usage.series.requests"), f.requests, counted),
      line(t("usage.series.cachedRequests"), f.cachedRequests, counted),
      line(
        t("usage.series.hitRatio"),
        f.requests.map((total, i) => hitRatio(f.cachedRequests[i]!, total)),
        { yAxisIndex: 1, tooltip: { valueFormatter: (value: number | null) => (value === null ? "–" : `${value} %`) } },
      ),
    ],
  };
}

/** Answers by status class, stacked. */
function statusChart({ data, t, number, xAxis }: Frame): EChartsCoreOption {
  return {
    color: ["#52c41a", "#1677ff", "#faad14", "#ff4d4f"],
    tooltip: { trigger: "axis", valueFormatter: number },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { ...xAxis, boundaryGap: true },
    yAxis: { type: "value", minInterval: 1, axisLabel: { formatter: number } },
    series: (["status2xx", "status3xx", "status4xx", "status5xx"] as const).map((key) => ({
      name: t(`usage.series.${key}`),
      type: "bar",
      stack: "status",
      data: data.figures[key],
    })),
  };
}

/** What the WAF and the DDoS protection stopped: requests and packets, and bytes on their own axis. */
function securityChart({ data, t, number, xAxis }: Frame): EChartsCoreOption {
  const f = data.figures;
  const mitigated = byteUnit(f.ddosBytes);
  const counted = { tooltip: { valueFormatter: number } };
  return {
    color: ["#fa541c", "#cf1322", "#eb2f96"],
    tooltip: { trigger: "axis" },
    legend: { top: 0 },
    grid: GRID,
    xAxis,
    yAxis: [
      { type: "value", minInterval: 1, axisLabel: { formatter: number } },
      { type: "value", name: mitigated.unit, axisLabel: { formatter: number }, splitLine: { show: false } },
    ],
    series: [
      line(t("usage.series.wafBlocked"), f.wafBlocked, counted),
      line(t("usage.series.ddosPackets"), f.ddosPackets, counted),
      line(
        t("usage.series.ddosBytes"),
        f.ddosBytes.map((value) => round(value / mitigated.divisor)),
        { yAxisIndex: 1, tooltip: { valueFormatter: (value: number) => `${number(value)} ${mitigated.unit}` } },
      ),
    ],
  };
}

/**
 * The package's charts as ECharts options: bandwidth (peaks, the range's 95th percentile, the
 * bandwidth bought, the attacks shaded), traffic to visitors and from the origin, requests and the
 * cache hit ratio, answers by status class, and what the WAF and the DDoS protection stopped.
 */
export function usageCharts(data: UsageSeriesView, { t, language, primary }: ChartContext) {
  const frame: Frame = {
    data,
    t,
    primary,
    number: (value: number) => formatNumber(value, language),
    xAxis: {
      type: "category",
      data: data.at.map((iso) => axisLabel(iso, data.timeZone, data.granularity, language)),
      boundaryGap: data.granularity === "day",
    },
  };
  return {
    bandwidth: bandwidthChart(frame),
    traffic: trafficChart(frame),
    requests: requestsChart(frame),
    statuses: statusChart(frame),
    security: securityChart(frame),
  };
}

/** The range's figures at a glance: totals, the highest peak, the cache hit ratio. */
export function usageTotals(data: UsageSeriesView) {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const f = data.figures;
  return {
    bytesOut: sum(f.bytesOut),
    bytesOrigin: sum(f.bytesOrigin),
    requests: sum(f.requests),
    hitRatio: hitRatio(sum(f.cachedRequests), sum(f.requests)),
    peakBps: Math.max(0, ...f.peakBps),
    wafBlocked: sum(f.wafBlocked),
    ddosBytes: sum(f.ddosBytes),
    ddosPackets: sum(f.ddosPackets),
  };
}
