import type { DashboardView } from "@rampart/contracts";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { dashboardCharts } from "./dashboard-charts";

const data: DashboardView = {
  scope: "own",
  days: ["2026-11-28", "2026-11-29"],
  ordersPerDay: [1, 2],
  paidPerDay: [1, 1],
  leadsPerDay: null,
  revenue: [{ product: "cdn", currency: "VND", amount: 5_000_000 }],
  statusMix: [{ status: "paid", count: 1200 }],
  bandwidthPerDay: [0, 1_500_000_000],
};
const t = ((key: string) => key) as unknown as TFunction;

/** What an axis of a chart writes for a value. */
const axisText = (axis: unknown, value: number) =>
  (axis as { axisLabel: { formatter: (value: number) => string } }).axisLabel.formatter(value);

describe("the dashboard's charts", () => {
  it("write the axes' numbers as the page's language does", () => {
    const vi = dashboardCharts(data, { t, language: "vi", primary: "#1677ff", shownCurrency: "VND" });
    expect(axisText(vi.revenue.xAxis, 5_000_000)).toBe("5.000.000");
    expect(axisText(vi.activity.yAxis, 1500)).toBe("1.500");
    expect(axisText(vi.bandwidth.yAxis, 1.5)).toBe("1,5");
    const id = dashboardCharts(data, { t, language: "id", primary: "#1677ff", shownCurrency: "VND" });
    expect(axisText(id.revenue.xAxis, 5_000_000)).toBe("5.000.000");
    const en = dashboardCharts(data, { t, language: "en", primary: "#1677ff", shownCurrency: "VND" });
    expect(axisText(en.revenue.xAxis, 5_000_000)).toBe("5,000,000");
  });
});
