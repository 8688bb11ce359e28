import { describe, expect, it } from "vitest";
import { couponRuleProblems } from "./coupon.ts";

describe("a coupon rule as an operator writes it", () => {
  it("is accepted when it is whole", () => {
    expect(couponRuleProblems({ kind: "amount", value: 10_000, currency: "CNY", threshold: 100_000 })).toEqual([]);
    expect(couponRuleProblems({ kind: "percent", value: 15, products: ["waf"], actions: ["renew"] })).toEqual([]);
  });

  it("names each field that is wrong", () => {
    const fields = (rule: Parameters<typeof couponRuleProblems>[0]) => couponRuleProblems(rule).map((p) => p.field);
    expect(fields({ kind: "percent", value: 101 })).toEqual(["value"]);
    expect(fields({ kind: "percent", value: 0.5 })).toEqual(["value"]);
    expect(fields({ kind: "amount", value: 500 })).toEqual(["currency"]);
    expect(fields({ kind: "amount", value: -1, currency: "CNY", threshold: -5 })).toEqual(["value", "threshold"]);
    expect(
      fields({ kind: "percent", value: 5, validFrom: "2026-12-01T00:00:00Z", validUntil: "2026-11-01T00:00:00Z" }),
    ).toEqual(["validUntil"]);
    expect(fields({ kind: "percent", value: 5, products: ["vpn" as "cdn"], durationUnits: ["week" as "day"] })).toEqual(
      ["products", "durationUnits"],
    );
  });
});
