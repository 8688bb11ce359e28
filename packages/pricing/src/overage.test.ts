import { describe, expect, it } from "vitest";
import { catalogueProblems, withEditedPrices } from "./catalogue-problems.ts";
import type { PurchaseConfiguration } from "./configuration.ts";
import { DEFAULT_CATALOGUE } from "./default-catalogue.ts";
import {
  monthPartName,
  overageAmount,
  overageLines,
  overageMbps,
  overageTotal,
  quoteOverage,
  quoteOverageParts,
} from "./overage.ts";

const copy = () => JSON.parse(JSON.stringify(DEFAULT_CATALOGUE)) as typeof DEFAULT_CATALOGUE;

const cdn = (bandwidth: number): PurchaseConfiguration => ({
  product: "cdn",
  edition: "mainland",
  region: "mainland",
  quantities: { bandwidth, domains: 10 },
  duration: { unit: "month", count: 1 },
  extras: {},
});

describe("the overage of a month", () => {
  it("bills the Mbps above the commitment at the rate, prorated to the days in service (by hand)", () => {
    // CDN mainland: ¥3.00 per Mbps-month. 100 Mbps committed, 137.5 Mbps at the 95th percentile,
    // in service 20 of November's 30 days: 37.5 × 300 fen × 20 / 30 = 7,500 fen = ¥75.00.
    const quoted = quoteOverage(DEFAULT_CATALOGUE, cdn(100), {
      month: "2026-11-01",
      p95Bps: 137_500_000,
      days: 20,
      monthDays: 30,
    });
    expect(quoted).toEqual({
      amount: 7500,
      figures: {
        month: "2026-11-01",
        p95Bps: 137_500_000,
        committedMbps: 100,
        days: 20,
        monthDays: 30,
        rate: 300,
        currency: "CNY",
      },
    });
    expect(overageMbps(137_500_000, 100)).toBe(37.5);
  });

  it("rounds a fraction of the minor unit up, like every prorated price", () => {
    // 12.345678 Mbps × 750 fen = 9,259.2585 fen → 9,260 fen.
    expect(overageAmount({ p95Bps: 112_345_678, committedMbps: 100, days: 31, monthDays: 31, rate: 750 })).toBe(9260);
  });

  it("is nothing at or under the commitment, without a rate, or for a trial", () => {
    const use = { month: "2026-11-01", p95Bps: 100_000_000, days: 30, monthDays: 30 };
    expect(quoteOverage(DEFAULT_CATALOGUE, cdn(100), use)).toBeNull();
    expect(quoteOverage(DEFAULT_CATALOGUE, cdn(100), { ...use, p95Bps: 99_000_000 })).toBeNull();
    const free = copy();
    delete free.products.cdn.editions[1]!.overageRate;
    expect(quoteOverage(free, cdn(100), { ...use, p95Bps: 200_000_000 })).toBeNull();
    const trial = { ...cdn(20), edition: "trial" as const };
    expect(quoteOverage(DEFAULT_CATALOGUE, trial, { ...use, p95Bps: 200_000_000 })).toBeNull();
  });
});

describe("a month whose commitment changed", () => {
  const month = { month: "2026-11-01", p95Bps: 400_000_000, days: 30, monthDays: 30 };
  const parts = [
    { from: "2026-11-01", until: "2026-11-14", configuration: cdn(100), p95Bps: 300_000_000, days: 14 },
    { from: "2026-11-15", until: "2026-11-30", configuration: cdn(500), p95Bps: 400_000_000, days: 16 },
  ];

  it("bills each part against its own commitment, prorated to its days (by hand)", () => {
    // 1–14 November: (300 − 100) Mbps × 300 fen × 14 / 30 = 28,000 fen; 15–30 November: 400 Mbps
    // is within 500 Mbps. Against 500 Mbps all month it would be nothing; against 100, ¥900.00.
    const quoted = quoteOverageParts(DEFAULT_CATALOGUE, month, parts);
    expect(quoted!.amount).toBe(28_000);
    expect(quoted!.figures).toMatchObject({ ...month, committedMbps: 500, rate: 300, currency: "CNY" });
    expect(quoted!.figures.parts).toEqual([
      { from: "2026-11-01", until: "2026-11-14", p95Bps: 300_000_000, committedMbps: 100, days: 14, rate: 300 },
      { from: "2026-11-15", until: "2026-11-30", p95Bps: 400_000_000, committedMbps: 500, days: 16, rate: 300 },
    ]);
    expect(overageTotal(quoted!.figures)).toBe(28_000);
    expect(overageLines(quoted!.figures).map((line) => line.amount)).toEqual([28_000, 0]);
  });

  it("rounds each part up on its own, and bills nothing for a part whose edition bills no overage", () => {
    // 12.345678 Mbps × 300 fen × 10 / 30 = 1,234.5678 → 1,235 fen, twice.
    const odd = { ...parts[0]!, p95Bps: 112_345_678, days: 10 };
    const quoted = quoteOverageParts(DEFAULT_CATALOGUE, month, [
      odd,
      { ...odd, from: "2026-11-11", until: "2026-11-20" },
    ]);
    expect(quoted!.amount).toBe(2 * 1235);
    const trial = { ...odd, configuration: { ...cdn(20), edition: "trial" as const } };
    expect(quoteOverageParts(DEFAULT_CATALOGUE, month, [trial, odd])!.figures.parts![0]).toMatchObject({ rate: 0 });
    expect(quoteOverageParts(DEFAULT_CATALOGUE, month, [trial, odd])!.amount).toBe(1235);
  });

  it("is quoted whole with one part, and explained by one line", () => {
    const whole = quoteOverageParts(DEFAULT_CATALOGUE, { ...month, p95Bps: 137_500_000 }, [
      { ...parts[0]!, until: "2026-11-30", days: 30 },
    ]);
    expect(whole).toEqual(quoteOverage(DEFAULT_CATALOGUE, cdn(100), { ...month, p95Bps: 137_500_000 }));
    expect(whole!.figures.parts).toBeUndefined();
    expect(overageLines(whole!.figures)).toEqual([{ ...whole!.figures, amount: whole!.amount }]);
  });

  it("names a part by its days, in the reader's language", () => {
    // (Intl writes thin spaces about the dash.)
    expect(monthPartName("2026-11-01", "2026-11-14", "en").replace(/\s/g, " ")).toBe("November 1 – 14, 2026");
    expect(monthPartName("2026-11-15", "2026-11-30", "zh-CN")).toBe("2026年11月15日至30日");
    expect(monthPartName("2026-11-15", "2026-11-15", "zh-TW")).toBe("2026年11月15日");
    expect(monthPartName("2026-11-01", "2026-11-14", "id").replace(/\s/g, " ")).toBe("1–14 November 2026");
  });
});

describe("the overage rate in a price list", () => {
  it("is a whole, non-negative amount of minor units", () => {
    const list = copy();
    list.products.cdn.editions[1]!.overageRate = -1;
    list.products.ddos.editions[1]!.overageRate = 7.55;
    expect(catalogueProblems(list).map((p) => [p.field, p.code])).toEqual([
      ["products.cdn.editions.1.overageRate", "price.range"],
      ["products.ddos.editions.1.overageRate", "price.range"],
    ]);
  });

  it("can be edited, and given to a bandwidth edition that had none, but not to a trial", () => {
    const before = copy();
    delete before.products.waf.editions[1]!.overageRate;
    const edited = copy();
    edited.products.cdn.editions[1]!.overageRate = 450;
    edited.products.waf.editions[1]!.overageRate = 1200;
    edited.products.cdn.editions[0]!.overageRate = 100;
    const next = withEditedPrices(before, edited)!;
    expect(next.products.cdn.editions[1]!.overageRate).toBe(450);
    expect(next.products.waf.editions[1]!.overageRate).toBe(1200);
    expect(next.products.cdn.editions[0]!.overageRate).toBeUndefined();
  });
});
