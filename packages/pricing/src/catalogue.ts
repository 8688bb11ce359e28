/**
 * The price catalogue: what can be bought and what it costs. It lives in the database (seeded from
 * default-catalogue.ts); the engine only reads it. Every amount is an integer of the site
 * currency's minor unit, per month unless its name says otherwise.
 */

/** The products that are sold through a price page. */
export const PRODUCT_CODES = ["cdn", "ddos", "tcp", "waf"] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Editions, as spec section 3 names them. */
export const EDITION_CODES = [
  "trial",
  "enterprise",
  "ultimate",
  "advanced",
  "premium",
  "custom",
  "mainland",
  "global",
] as const;
export type EditionCode = (typeof EDITION_CODES)[number];

export const REGIONS = ["mainland", "overseas", "global"] as const;
export type Region = (typeof REGIONS)[number];

export const DURATION_UNITS = ["day", "month", "year"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** The quantities a configuration can carry; each edition says which of them it sells. */
export const QUANTITIES = ["bandwidth", "domains", "topLevelDomains", "ports", "originIps"] as const;
export type Quantity = (typeof QUANTITIES)[number];

export interface QuantityPrice {
  /** Included in the edition's base price. */
  included: number;
  min: number;
  max: number;
  /** Allowed increments from `min` (bandwidth in steps of 10 Mbps, for example). */
  step: number;
  /** Price per unit above `included`, per month. */
  unitPrice: number;
}

export interface EditionPrices {
  code: EditionCode;
  /** Base price per month in each region the edition is sold in. */
  regions: Partial<Record<Region, number>>;
  quantities: Partial<Record<Quantity, QuantityPrice>>;
  /** A free trial: fixed length in days, costs nothing, once per customer and product. */
  trialDays?: number;
  /** Priced by the sales team: the page offers "contact sales" instead of a quote. */
  onRequest?: boolean;
  /** What the edition guarantees, shown on the price page (WAF tiers, for example). */
  features?: Record<string, number | boolean>;
  /**
   * Burstable billing: the price of one Mbps-month of the month's 95th percentile above the
   * committed bandwidth (overage.ts). Absent: what goes beyond the package is not billed.
   */
  overageRate?: number;
}

export interface DurationOption {
  unit: DurationUnit;
  count: number;
  /** Discount on the original price, in whole percent. */
  discountPercent: number;
}

export interface ExtraItem {
  code: string;
  /** Price per unit per month. */
  unitPrice: number;
  /** Units one may buy (1 for an on/off option). */
  max: number;
}

export interface ProductPrices {
  editions: EditionPrices[];
  durations: DurationOption[];
  /** Extended configuration. */
  extras: ExtraItem[];
}

export interface Catalogue {
  /** ISO 4217 code of every amount in the catalogue. */
  currency: string;
  /** The smallest amount an order may cost (a free trial excepted). */
  minimumAmount: number;
  products: Record<ProductCode, ProductPrices>;
}

export function editionOf(catalogue: Catalogue, product: ProductCode, edition: string): EditionPrices | undefined {
  return catalogue.products[product]?.editions.find((e) => e.code === edition);
}

/**
 * The regions an edition is sold in, in the catalogue's order (a JSON document stored in the
 * database does not keep the order of its keys).
 */
export function regionsOf(edition: EditionPrices): Region[] {
  return REGIONS.filter((region) => edition.regions[region] !== undefined);
}

/** Whether an edition can carry an overage rate: it sells bandwidth by the Mbps, is bought and quoted. */
export function billsOverage(edition: EditionPrices): boolean {
  return Boolean(edition.quantities.bandwidth) && !edition.trialDays && !edition.onRequest;
}
