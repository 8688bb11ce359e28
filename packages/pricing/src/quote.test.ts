import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editionOf, QUANTITIES } from "./catalogue.ts";
import { defaultConfiguration, type PurchaseConfiguration } from "./configuration.ts";
import type { CouponRule } from "./coupon.ts";
import { DEFAULT_CATALOGUE as catalogue } from "./default-catalogue.ts";
import { type FeeCard, quote, upgradePrice } from "./quote.ts";
import { configurationArbitrary } from "./testing/configuration-arbitrary.ts";

const fee = (config: PurchaseConfiguration, coupon?: Parameters<typeof quote>[2]): FeeCard => {
  const result = quote(catalogue, config, coupon);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.fee;
};

const ddos = (over: Partial<PurchaseConfiguration> = {}): PurchaseConfiguration => ({
  ...defaultConfiguration(catalogue, "ddos"),
  ...over,
});

const couponContext = { action: "new" as const, now: new Date("2026-11-21T12:00:00Z") };

describe("the fee card", () => {
  it("prices the smallest enterprise DDoS package for one month at its base price", () => {
    expect(fee(ddos())).toEqual({
      currency: "CNY",
      configurationFee: 299_900,
      originalPrice: 299_900,
      discount: 0,
      couponDeduction: 0,
      amount: 299_900,
      quantities: { bandwidth: 100, domains: 10, topLevelDomains: 1, originIps: 10 },
    });
  });

  it("adds what is bought above the included quantities and the extended configuration", () => {
    const card = fee(ddos({ quantities: { bandwidth: 200, domains: 30, originIps: 12 }, extras: { ipv6: 1 } }));
    // 2999 + 100 Mbps × 5 + 20 domains × 20 + 2 origin IPs × 15 + IPv6 100
    expect(card.configurationFee).toBe(yuan(2999 + 500 + 400 + 30 + 100));
    expect(card.quantities.topLevelDomains).toBe(3);
  });

  it("gives the duration discount on longer periods", () => {
    const card = fee(ddos({ duration: { unit: "year", count: 1 } }));
    expect(card.originalPrice).toBe(299_900 * 12);
    expect(card.discount).toBe(Math.floor((299_900 * 12 * 15) / 100));
    expect(card.amount).toBe(card.originalPrice - card.discount);
  });

  it("prices days as thirtieths of a month, rounded up to the fen", () => {
    const config = { ...defaultConfiguration(catalogue, "cdn"), duration: { unit: "day" as const, count: 7 } };
    expect(fee(config).originalPrice).toBe(Math.ceil((29_900 * 7) / 30));
  });

  it("makes a free trial cost nothing, for its fixed length only", () => {
    const trial = {
      ...defaultConfiguration(catalogue, "waf"),
      edition: "trial" as const,
      quantities: { topLevelDomains: 1, bandwidth: 10 },
    };
    expect(quote(catalogue, { ...trial, duration: { unit: "day", count: 7 } })).toMatchObject({
      ok: true,
      fee: { amount: 0, originalPrice: 0, quantities: { topLevelDomains: 1, domains: 10 } },
    });
    expect(quote(catalogue, trial)).toMatchObject({ ok: false, errors: [{ field: "duration" }] });
  });
});

describe("the plan rules", () => {
  it("supports one top-level domain per started ten domains on CDN, DDoS and TCP/UDP", () => {
    const tlds = (domains: number) =>
      fee({ ...defaultConfiguration(catalogue, "cdn"), quantities: { bandwidth: 100, domains } }).quantities
        .topLevelDomains;
    expect([1, 10, 11, 20, 21, 500].map(tlds)).toEqual([1, 1, 2, 2, 3, 50]);
  });

  it("gives every WAF top-level domain ten subdomains, and ignores a domain count sent by the client", () => {
    const waf = defaultConfiguration(catalogue, "waf");
    const card = fee({ ...waf, quantities: { ...waf.quantities, topLevelDomains: 4, domains: 999 } });
    expect(card.quantities).toMatchObject({ topLevelDomains: 4, domains: 40 });
  });

  it("refuses what the catalogue does not sell, naming the field", () => {
    const errors = (config: PurchaseConfiguration) => {
      const result = quote(catalogue, config);
      return result.ok ? [] : result.errors;
    };
    expect(errors(ddos({ edition: "gold" as never }))).toEqual([{ field: "edition", code: "edition.unknown" }]);
    expect(errors(ddos({ edition: "custom" }))).toEqual([{ field: "edition", code: "edition.onRequest" }]);
    expect(errors(ddos({ region: "global" }))).toEqual([{ field: "region", code: "region.unavailable" }]);
    expect(errors(ddos({ quantities: { bandwidth: -50, domains: 10, originIps: 10 } }))).toEqual([
      { field: "bandwidth", code: "quantity.range", params: { min: 100, max: 2000 } },
    ]);
    expect(errors(ddos({ quantities: { bandwidth: 120, domains: 10.5, originIps: 10 } }))).toEqual([
      { field: "bandwidth", code: "quantity.step", params: { step: 50, min: 100 } },
      { field: "domains", code: "quantity.invalid" },
    ]);
    expect(errors(ddos({ duration: { unit: "day", count: 1 } }))).toEqual([
      { field: "duration", code: "duration.unavailable" },
    ]);
    expect(errors(ddos({ extras: { ipv6: 2, gold: 1 } }))).toEqual([
      { field: "extras.ipv6", code: "extra.range", params: { max: 1 } },
      { field: "extras.gold", code: "extra.unknown" },
    ]);
  });

  it("refuses an order below the minimum amount, with the minimum for the hint", () => {
    const cheap = { ...catalogue, minimumAmount: yuan(20) };
    const oneDay = { ...defaultConfiguration(catalogue, "cdn"), duration: { unit: "day" as const, count: 1 } };
    expect(quote(cheap, oneDay)).toEqual({
      ok: false,
      errors: [{ field: "amount", code: "amount.belowMinimum", params: { minimum: 2000 } }],
    });
  });
});

describe("coupons", () => {
  const rule = (over: Partial<CouponRule>): CouponRule => ({ code: "C1", kind: "amount", value: yuan(100), ...over });

  it("takes an amount or a percentage off what is left after the duration discount", () => {
    expect(fee(ddos(), { rule: rule({}), context: couponContext }).amount).toBe(299_900 - 10_000);
    expect(fee(ddos(), { rule: rule({ kind: "percent", value: 10 }), context: couponContext }).couponDeduction).toBe(
      29_990,
    );
  });

  it("never takes the amount below the order minimum", () => {
    const card = fee(ddos(), { rule: rule({ value: yuan(1_000_000) }), context: couponContext });
    expect(card.amount).toBe(catalogue.minimumAmount);
  });

  it("says why a coupon does not apply, and then takes nothing off", () => {
    const refusal = (over: Partial<CouponRule>, agentCode?: string) => {
      const result = quote(catalogue, ddos(), { rule: rule(over), context: { ...couponContext, agentCode } });
      if (!result.ok) throw new Error("not quoted");
      if (result.coupon?.refusal) expect(result.fee.couponDeduction).toBe(0);
      return result.coupon?.refusal ?? null;
    };
    expect(refusal({ threshold: yuan(5000) })).toEqual({ reason: "threshold", threshold: 500_000 });
    expect(refusal({ agentCodes: ["A1"] })).toEqual({ reason: "channel" });
    expect(refusal({ currency: "VND" })).toEqual({ reason: "currency" });
    expect(refusal({ currency: "CNY" })).toBeNull();
    expect(refusal({ agentCodes: ["A1"] }, "A1")).toBeNull();
    expect(refusal({ products: ["waf"] })).toEqual({ reason: "product" });
    expect(refusal({ editions: ["ultimate"] })).toEqual({ reason: "edition" });
    expect(refusal({ actions: ["renew"] })).toEqual({ reason: "action" });
    expect(refusal({ durationUnits: ["year"] })).toEqual({ reason: "duration" });
    expect(refusal({ validUntil: "2026-11-01T00:00:00Z" })).toEqual({
      reason: "expired",
      validUntil: "2026-11-01T00:00:00Z",
    });
    expect(refusal({ validFrom: "2026-12-01T00:00:00Z" })).toMatchObject({ reason: "notStarted" });
  });
});

describe("upgrades", () => {
  it("charge the difference for the days left: ¥300 → ¥500 a month with 12 of 30 days left costs ¥80", () => {
    expect(upgradePrice(yuan(300), yuan(500), 12, 30)).toBe(yuan(80));
  });

  it("round up to the fen and refuse a downgrade", () => {
    expect(upgradePrice(100, 200, 1, 30)).toBe(4); // 3.33 → 4
    expect(() => upgradePrice(yuan(500), yuan(300), 12, 30)).toThrow(/downgrade/);
  });
});

const configurationArb = configurationArbitrary(catalogue);

describe("properties of the engine", () => {
  const couponArb = fc.record({
    code: fc.constant("P"),
    kind: fc.constantFrom("amount" as const, "percent" as const),
    value: fc.integer({ min: 1, max: 10_000_000 }).map((v) => v),
    threshold: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
  });

  it("never charges less than nothing nor more than the original price", () => {
    fc.assert(
      fc.property(configurationArb, couponArb, (config, rule) => {
        fc.pre(!belowMinimum(config as PurchaseConfiguration));
        const card = fee(config as PurchaseConfiguration, {
          rule: { ...rule, value: rule.kind === "percent" ? (rule.value % 100) + 1 : rule.value },
          context: couponContext,
        });
        expect(card.amount).toBeGreaterThanOrEqual(0);
        expect(card.amount).toBeLessThanOrEqual(card.originalPrice);
        expect(card.amount).toBe(card.originalPrice - card.discount - card.couponDeduction);
        expect(Number.isSafeInteger(card.amount)).toBe(true);
      }),
    );
  });

  it("quotes the same configuration the same way every time", () => {
    fc.assert(
      fc.property(configurationArb, (config) => {
        const copy = structuredClone(config) as PurchaseConfiguration;
        expect(quote(catalogue, config as PurchaseConfiguration)).toEqual(quote(catalogue, copy));
      }),
    );
  });

  it("never charges less for a larger quantity", () => {
    fc.assert(
      fc.property(configurationArb, fc.constantFrom(...QUANTITIES), (raw, name) => {
        const config = raw as PurchaseConfiguration;
        const rule = editionOf(catalogue, config.product, config.edition)?.quantities[name];
        const value = config.quantities[name];
        if (!rule || value === undefined || value + rule.step > rule.max || belowMinimum(config)) return;
        const larger = { ...config, quantities: { ...config.quantities, [name]: value + rule.step } };
        expect(fee(larger).amount).toBeGreaterThanOrEqual(fee(config).amount);
      }),
    );
  });
});

/** A random configuration may cost less than the order minimum (one day of the smallest CDN package). */
function belowMinimum(config: PurchaseConfiguration): boolean {
  const result = quote(catalogue, config);
  if (result.ok) return false;
  expect(result.errors).toEqual([expect.objectContaining({ code: "amount.belowMinimum" })]);
  return true;
}

function yuan(amount: number): number {
  return Math.round(amount * 100);
}
