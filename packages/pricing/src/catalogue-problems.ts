import type { Catalogue, EditionPrices, ProductCode, ProductPrices, QuantityPrice } from "./catalogue.ts";
import { billsOverage, PRODUCT_CODES, QUANTITIES, REGIONS } from "./catalogue.ts";

/** The largest amount a price list holds, in minor units (a billion of the major unit). */
export const MAX_LIST_AMOUNT = 100_000_000_000;
export const MAX_DISCOUNT_PERCENT = 90;
export const MAX_TRIAL_DAYS = 90;
export const MAX_QUANTITY = 10_000_000;
export const MAX_EXTRA_UNITS = 1000;

export type CatalogueProblemCode =
  | "catalogue.structure"
  | "price.range"
  | "quantity.bounds"
  | "quantity.step"
  | "duration.discount"
  | "extra.units"
  | "trial.days";

/** What is wrong with a price list, and where (`products.ddos.editions.2.regions.mainland`). */
export interface CatalogueProblem {
  field: string;
  code: CatalogueProblemCode;
  params?: Record<string, number>;
}

const whole = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);
const inRange = (value: unknown, min: number, max: number) => whole(value) && value >= min && value <= max;

function quantityProblems(rule: QuantityPrice, at: string, problems: CatalogueProblem[]): void {
  if (!inRange(rule.unitPrice, 0, MAX_LIST_AMOUNT))
    problems.push({ field: `${at}.unitPrice`, code: "price.range", params: { max: MAX_LIST_AMOUNT } });
  const bounds = [rule.min, rule.included, rule.max];
  if (!bounds.every((n) => inRange(n, 0, MAX_QUANTITY)) || !(rule.min <= rule.included && rule.included <= rule.max))
    problems.push({ field: `${at}.included`, code: "quantity.bounds", params: { max: MAX_QUANTITY } });
  else if (!inRange(rule.step, 1, MAX_QUANTITY) || (rule.included - rule.min) % rule.step !== 0)
    // What the page offers first (the included amount) must be a quantity one can choose.
    problems.push({ field: `${at}.step`, code: "quantity.step" });
}

function editionProblems(edition: EditionPrices, at: string, problems: CatalogueProblem[]): void {
  for (const region of REGIONS) {
    const price = edition.regions[region];
    if (price !== undefined && !inRange(price, 0, MAX_LIST_AMOUNT))
      problems.push({ field: `${at}.regions.${region}`, code: "price.range", params: { max: MAX_LIST_AMOUNT } });
  }
  for (const name of QUANTITIES) {
    const rule = edition.quantities[name];
    if (rule) quantityProblems(rule, `${at}.quantities.${name}`, problems);
  }
  if (edition.overageRate !== undefined && !inRange(edition.overageRate, 0, MAX_LIST_AMOUNT))
    problems.push({ field: `${at}.overageRate`, code: "price.range", params: { max: MAX_LIST_AMOUNT } });
  if (edition.trialDays !== undefined && !inRange(edition.trialDays, 1, MAX_TRIAL_DAYS))
    problems.push({ field: `${at}.trialDays`, code: "trial.days", params: { max: MAX_TRIAL_DAYS } });
}

function productProblems(prices: ProductPrices, at: string, problems: CatalogueProblem[]): void {
  prices.editions.forEach((edition, i) => {
    editionProblems(edition, `${at}.editions.${i}`, problems);
  });
  prices.durations.forEach((duration, i) => {
    if (!inRange(duration.discountPercent, 0, MAX_DISCOUNT_PERCENT))
      problems.push({
        field: `${at}.durations.${i}.discountPercent`,
        code: "duration.discount",
        params: { max: MAX_DISCOUNT_PERCENT },
      });
  });
  prices.extras.forEach((extra, i) => {
    if (!inRange(extra.unitPrice, 0, MAX_LIST_AMOUNT))
      problems.push({ field: `${at}.extras.${i}.unitPrice`, code: "price.range", params: { max: MAX_LIST_AMOUNT } });
    if (!inRange(extra.max, 1, MAX_EXTRA_UNITS))
      problems.push({ field: `${at}.extras.${i}.max`, code: "extra.units", params: { max: MAX_EXTRA_UNITS } });
  });
}

/**
 * What is wrong with a price list's values: every amount a whole number of minor units from 0 to
 * MAX_LIST_AMOUNT (overage rates too), quantities whose included amount lies within their bounds on their step,
 * duration discounts of 0-90 %, extras of 1-1000 units, trials of 1-90 days. An empty list means
 * the engine can quote every configuration of it.
 */
export function catalogueProblems(catalogue: Catalogue): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (!inRange(catalogue.minimumAmount, 0, MAX_LIST_AMOUNT))
    problems.push({ field: "minimumAmount", code: "price.range", params: { max: MAX_LIST_AMOUNT } });
  for (const product of PRODUCT_CODES) {
    const prices = catalogue.products[product];
    if (prices) productProblems(prices, `products.${product}`, problems);
  }
  return problems;
}

const sameKeys = (a: object, b: object) => Object.keys(a).sort().join() === Object.keys(b).sort().join();

/** Whether two editions are the same package (code, regions, quantities, trial, on request). */
function sameEdition(a: EditionPrices, b: EditionPrices): boolean {
  return (
    a.code === b.code &&
    sameKeys(a.regions, b.regions) &&
    sameKeys(a.quantities, b.quantities) &&
    (a.trialDays === undefined) === (b.trialDays === undefined) &&
    Boolean(a.onRequest) === Boolean(b.onRequest)
  );
}

function sameProduct(a: ProductPrices, b: ProductPrices): boolean {
  return (
    a.editions.length === b.editions.length &&
    a.editions.every((edition, i) => sameEdition(edition, b.editions[i]!)) &&
    a.durations.length === b.durations.length &&
    a.durations.every((d, i) => d.unit === b.durations[i]!.unit && d.count === b.durations[i]!.count) &&
    a.extras.length === b.extras.length &&
    a.extras.every((extra, i) => extra.code === b.extras[i]!.code)
  );
}

/**
 * The overage rate an edited edition keeps: the one typed, where the edition bills overage (a rate
 * may be given to a list made before there were any); emptied, none (overage is then not billed).
 */
function editedOverageRate(edition: EditionPrices, next: EditionPrices): Pick<EditionPrices, "overageRate"> {
  if (!billsOverage(edition) || next.overageRate === undefined || next.overageRate === null) return {};
  return { overageRate: next.overageRate };
}

/**
 * A price list with the prices, bounds, discounts and trial lengths of `edited` on the packages,
 * durations and extras of `current`: operators change what things cost, not what is sold (the
 * pages, texts and plan rules are made for those). Null when `edited` is not the same list.
 */
export function withEditedPrices(current: Catalogue, edited: Catalogue): Catalogue | null {
  if (edited.currency !== current.currency || !sameKeys(edited.products, current.products)) return null;
  for (const code of Object.keys(current.products) as ProductCode[])
    if (!sameProduct(current.products[code], edited.products[code])) return null;
  const products = Object.fromEntries(
    (Object.keys(current.products) as ProductCode[]).map((code) => {
      const was = current.products[code];
      const now = edited.products[code];
      return [
        code,
        {
          editions: was.editions.map(({ overageRate: _was, ...edition }, i) => {
            const next = now.editions[i]!;
            return {
              ...edition,
              regions: Object.fromEntries(Object.keys(edition.regions).map((r) => [r, next.regions[r as never]])),
              quantities: Object.fromEntries(
                Object.keys(edition.quantities).map((q) => {
                  const rule = next.quantities[q as never] as unknown as QuantityPrice;
                  return [
                    q,
                    {
                      included: rule.included,
                      min: rule.min,
                      max: rule.max,
                      step: rule.step,
                      unitPrice: rule.unitPrice,
                    },
                  ];
                }),
              ),
              ...(edition.trialDays === undefined ? {} : { trialDays: next.trialDays }),
              ...editedOverageRate(edition, next),
            };
          }),
          durations: was.durations.map((d, i) => ({ ...d, discountPercent: now.durations[i]!.discountPercent })),
          extras: was.extras.map((extra, i) => ({
            ...extra,
            unitPrice: now.extras[i]!.unitPrice,
            max: now.extras[i]!.max,
          })),
        } satisfies ProductPrices,
      ];
    }),
  ) as unknown as Catalogue["products"];
  return { currency: current.currency, minimumAmount: edited.minimumAmount, products };
}
