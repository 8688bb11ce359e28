import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogueProblems, withEditedPrices } from "./catalogue-problems.ts";
import { DEFAULT_CATALOGUE } from "./default-catalogue.ts";
import { quote } from "./quote.ts";
import { configurationArbitrary } from "./testing/configuration-arbitrary.ts";

/** A copy whose parts are its own (the seed shares its duration options between products). */
const copy = () => JSON.parse(JSON.stringify(DEFAULT_CATALOGUE)) as typeof DEFAULT_CATALOGUE;

describe("a price list's problems", () => {
  it("finds none in the seeded list", () => {
    expect(catalogueProblems(DEFAULT_CATALOGUE)).toEqual([]);
  });

  it("names each wrong value where it is", () => {
    const list = copy();
    list.minimumAmount = -1;
    list.products.ddos.editions[1]!.regions.mainland = 12.5;
    const bandwidth = list.products.cdn.editions[1]!.quantities.bandwidth!;
    bandwidth.included = bandwidth.max + 100;
    list.products.waf.durations[1]!.discountPercent = 95;
    list.products.cdn.extras[0]!.max = 0;
    list.products.cdn.editions[0]!.trialDays = 0;
    expect(catalogueProblems(list).map((p) => [p.field, p.code])).toEqual([
      ["minimumAmount", "price.range"],
      ["products.cdn.editions.0.trialDays", "trial.days"],
      ["products.cdn.editions.1.quantities.bandwidth.included", "quantity.bounds"],
      ["products.cdn.extras.0.max", "extra.units"],
      ["products.ddos.editions.1.regions.mainland", "price.range"],
      ["products.waf.durations.1.discountPercent", "duration.discount"],
    ]);
  });

  it("wants the included amount on the quantity's step", () => {
    const list = copy();
    const bandwidth = list.products.cdn.editions[1]!.quantities.bandwidth!;
    bandwidth.step = 30;
    bandwidth.included = bandwidth.min + 40;
    expect(catalogueProblems(list)).toEqual([
      { field: "products.cdn.editions.1.quantities.bandwidth.step", code: "quantity.step" },
    ]);
  });
});

describe("edited prices", () => {
  it("take the edited values on the packages, durations and extras that are sold", () => {
    const edited = copy();
    edited.products.ddos.editions[1]!.regions.mainland = 123_400;
    edited.products.ddos.durations[2]!.discountPercent = 12;
    // Not the operator's to change: what an edition offers, or which packages exist.
    edited.products.waf.editions[1]!.features = { normalQps: 1 };
    const next = withEditedPrices(DEFAULT_CATALOGUE, edited)!;
    expect(next.products.ddos.editions[1]!.regions.mainland).toBe(123_400);
    expect(next.products.ddos.durations[2]!.discountPercent).toBe(12);
    expect(next.products.waf.editions[1]!.features).toEqual(DEFAULT_CATALOGUE.products.waf.editions[1]!.features);
  });

  it("refuse another list: an edition added or removed, a region or quantity added, another currency", () => {
    const removed = copy();
    removed.products.cdn.editions.pop();
    expect(withEditedPrices(DEFAULT_CATALOGUE, removed)).toBeNull();
    const region = copy();
    region.products.cdn.editions[1]!.regions.global = 100;
    expect(withEditedPrices(DEFAULT_CATALOGUE, region)).toBeNull();
    const currency = copy();
    currency.currency = "USD";
    expect(withEditedPrices(DEFAULT_CATALOGUE, currency)).toBeNull();
  });

  it("a list without problems quotes every configuration at a price from zero up (property)", () => {
    const edits = fc.record({
      factor: fc.double({ min: 0, max: 5, noNaN: true }),
      discount: fc.integer({ min: 0, max: 90 }),
    });
    fc.assert(
      fc.property(edits, ({ factor, discount }) => {
        const edited = copy();
        for (const prices of Object.values(edited.products)) {
          for (const edition of prices.editions)
            for (const region of Object.keys(edition.regions) as (keyof typeof edition.regions)[])
              edition.regions[region] = Math.round(edition.regions[region]! * factor);
          for (const duration of prices.durations) duration.discountPercent = discount;
        }
        const next = withEditedPrices(DEFAULT_CATALOGUE, edited)!;
        expect(catalogueProblems(next)).toEqual([]);
        fc.assert(
          fc.property(configurationArbitrary(next), (configuration) => {
            const result = quote(next, configuration);
            if (result.ok) expect(result.fee.amount).toBeGreaterThanOrEqual(0);
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 25 },
    );
  });
});
