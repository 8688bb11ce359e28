import { describe, expect, it } from "vitest";
import { percentile95OfPositive, throughputUnit } from "./throughput-units";

describe("throughput units (95th percentile of positive samples, base 1000)", () => {
  it("draws a series in the unit its 95th percentile reaches", () => {
    expect(throughputUnit([0, 0, 0])).toEqual({ unit: "bps", divisor: 1 });
    expect(throughputUnit([999])).toEqual({ unit: "bps", divisor: 1 });
    expect(throughputUnit([1000])).toEqual({ unit: "Kbps", divisor: 1000 });
    expect(throughputUnit([300_000_000, 100_000_000])).toEqual({ unit: "Mbps", divisor: 1_000_000 });
    expect(throughputUnit([2e12])).toEqual({ unit: "Tbps", divisor: 1e12 });
    expect(throughputUnit([5e18])).toEqual({ unit: "Pbps", divisor: 1e15 });
  });

  it("ignores zeros and negative samples, and a lone spike above the 95th percentile", () => {
    const quiet = Array.from({ length: 40 }, () => 5_000_000);
    expect(throughputUnit([...quiet, 0, 0, -1, 9e9])).toEqual({ unit: "Mbps", divisor: 1_000_000 });
    expect(percentile95OfPositive([...quiet, 9e9])).toBe(5_000_000);
    expect(percentile95OfPositive([])).toBe(0);
  });
});
