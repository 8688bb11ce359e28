import type { MonitorReport } from "@rampart/contracts";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { responseChart } from "./monitor-chart";

const t = ((key: string) => key) as unknown as TFunction;
const now = Date.parse("2026-11-29T23:55:20Z");
/** A new monitor's report: two checks two seconds apart. */
const report = (range: MonitorReport["range"]) =>
  ({
    range,
    points: [
      { at: "2026-11-29T23:55:18Z", ms: 120, checks: 1, failures: 0 },
      { at: "2026-11-29T23:55:20Z", ms: 130, checks: 1, failures: 0 },
    ],
  }) as MonitorReport;

type TimeAxis = {
  min: number;
  max: number;
  minInterval: number;
  axisLabel: { formatter: (value: number) => string; hideOverlap: boolean };
};

describe("the response-time chart", () => {
  it("spans the whole day in hours and minutes, never in seconds", () => {
    const axis = responseChart(report("24h"), { t, primary: "#1677ff", language: "en", now }).xAxis as TimeAxis;
    expect(axis.max - axis.min).toBe(24 * 3_600_000);
    expect(axis.minInterval).toBe(3_600_000);
    expect(axis.axisLabel.hideOverlap).toBe(true);
    expect(axis.axisLabel.formatter(Date.parse("2026-11-29T18:00:00Z"))).toMatch(/^\d\d:00$/);
  });

  it("labels a longer range by its days, in the page's language", () => {
    const axis = responseChart(report("7d"), { t, primary: "#1677ff", language: "vi", now }).xAxis as TimeAxis;
    expect(axis.max - axis.min).toBe(7 * 24 * 3_600_000);
    expect(axis.axisLabel.formatter(Date.parse("2026-11-25T12:00:00Z"))).toBe("25 thg 11");
    const values = responseChart(report("7d"), { t, primary: "#1677ff", language: "vi", now }).yAxis as TimeAxis;
    expect(values.axisLabel.formatter(3500)).toBe("3.500");
  });
});
