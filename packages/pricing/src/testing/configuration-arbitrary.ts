import fc from "fast-check";
import { type Catalogue, type EditionPrices, PRODUCT_CODES, type ProductCode, QUANTITIES } from "../catalogue.ts";
import type { PurchaseConfiguration } from "../configuration.ts";

/**
 * Random configurations within a catalogue's own bounds (sellable editions, their regions, every
 * quantity on its steps, the product's durations and extras): for property tests and the bench.
 */
export function configurationArbitrary(catalogue: Catalogue): fc.Arbitrary<PurchaseConfiguration> {
  const sellable = (product: ProductCode) =>
    catalogue.products[product].editions.filter((e) => !e.onRequest && !e.trialDays);
  return fc
    .constantFrom(...PRODUCT_CODES)
    .chain((product) => fc.tuple(fc.constant(product), fc.constantFrom(...sellable(product))))
    .chain(([product, edition]) =>
      fc.record({
        product: fc.constant(product),
        edition: fc.constant(edition.code),
        region: fc.constantFrom(...(Object.keys(edition.regions) as PurchaseConfiguration["region"][])),
        quantities: quantitiesArbitrary(edition),
        duration: fc.constantFrom(...catalogue.products[product].durations.map(({ unit, count }) => ({ unit, count }))),
        extras: fc.record(
          Object.fromEntries(
            catalogue.products[product].extras.map((x) => [x.code, fc.integer({ min: 0, max: x.max })]),
          ),
        ),
      }),
    ) as fc.Arbitrary<PurchaseConfiguration>;
}

function quantitiesArbitrary(edition: EditionPrices) {
  const entries = QUANTITIES.flatMap((name) => {
    const rule = edition.quantities[name];
    if (!rule) return [];
    const steps = Math.floor((rule.max - rule.min) / rule.step);
    return [[name, fc.integer({ min: 0, max: steps }).map((n) => rule.min + n * rule.step)] as const];
  });
  return fc.record(Object.fromEntries(entries));
}
