import {
  type Catalogue,
  type DurationUnit,
  type EditionCode,
  type ProductCode,
  type Quantity,
  type Region,
  regionsOf,
} from "./catalogue.ts";

/** What a visitor chose on a price page; the same object travels in the URL and in createOrder. */
export interface PurchaseConfiguration {
  product: ProductCode;
  edition: EditionCode;
  region: Region;
  quantities: Partial<Record<Quantity, number>>;
  duration: { unit: DurationUnit; count: number };
  /** Extended configuration: item code → units. */
  extras: Record<string, number>;
}

/** Every 10 domains support one top-level domain (CDN, DDoS, TCP/UDP). */
export const DOMAINS_PER_TOP_LEVEL_DOMAIN = 10;
/** A WAF top-level domain contains 10 subdomains. */
export const WAF_SUBDOMAINS_PER_TOP_LEVEL_DOMAIN = 10;

/**
 * The plan rules of spec section 5. CDN, DDoS and TCP/UDP are bought by domains and support one
 * top-level domain per started ten; WAF is bought by top-level domains, each with ten subdomains.
 * The derived number is never taken from the client.
 */
export function planQuantities(
  product: ProductCode,
  quantities: Partial<Record<Quantity, number>>,
): Partial<Record<Quantity, number>> {
  const out = { ...quantities };
  if (product === "waf") {
    if (out.topLevelDomains !== undefined) out.domains = out.topLevelDomains * WAF_SUBDOMAINS_PER_TOP_LEVEL_DOMAIN;
  } else if (out.domains !== undefined) {
    out.topLevelDomains = Math.max(1, Math.ceil(out.domains / DOMAINS_PER_TOP_LEVEL_DOMAIN));
  }
  return out;
}

/** The quantity a customer chooses for domains: WAF counts top-level domains, the others domains. */
export function chosenDomainQuantity(product: ProductCode): Quantity {
  return product === "waf" ? "topLevelDomains" : "domains";
}

/** How many months a duration is worth; a day is a thirtieth of a month. */
export function durationMonths(duration: { unit: DurationUnit; count: number }): number {
  if (duration.unit === "year") return duration.count * 12;
  if (duration.unit === "month") return duration.count;
  return duration.count / 30;
}

/** The configuration a price page opens with: the first edition with a price, at its smallest. */
export function defaultConfiguration(catalogue: Catalogue, product: ProductCode): PurchaseConfiguration {
  const prices = catalogue.products[product];
  const edition = prices.editions.find((e) => !e.trialDays && !e.onRequest) ?? prices.editions[0];
  if (!edition) throw new Error(`the catalogue has no edition of ${product}`);
  const region = regionsOf(edition)[0] ?? "mainland";
  const quantities: Partial<Record<Quantity, number>> = {};
  for (const [name, rule] of Object.entries(edition.quantities)) quantities[name as Quantity] = rule.included;
  const duration = prices.durations.find((d) => d.unit === "month") ?? prices.durations[0];
  return {
    product,
    edition: edition.code,
    region,
    quantities: planQuantities(product, quantities),
    duration: { unit: duration?.unit ?? "month", count: duration?.count ?? 1 },
    extras: {},
  };
}

/**
 * The configuration after choosing another edition: its included quantities, a region it is sold
 * in, and for a trial its fixed length. An unknown edition is kept so that the engine refuses it.
 */
export function changeEdition(
  catalogue: Catalogue,
  config: PurchaseConfiguration,
  edition: EditionCode,
): PurchaseConfiguration {
  const chosen = catalogue.products[config.product].editions.find((e) => e.code === edition);
  if (!chosen) return { ...config, edition };
  const regions = regionsOf(chosen);
  const quantities: Partial<Record<Quantity, number>> = {};
  for (const [name, rule] of Object.entries(chosen.quantities)) quantities[name as Quantity] = rule.included;
  const durations = catalogue.products[config.product].durations;
  const offered = durations.some((d) => d.unit === config.duration.unit && d.count === config.duration.count);
  const firstMonth = durations.find((d) => d.unit === "month") ?? durations[0];
  return {
    ...config,
    edition,
    region: regions.includes(config.region) ? config.region : (regions[0] ?? config.region),
    quantities: planQuantities(config.product, quantities),
    duration: chosen.trialDays
      ? { unit: "day", count: chosen.trialDays }
      : offered || !firstMonth
        ? config.duration
        : { unit: firstMonth.unit, count: firstMonth.count },
  };
}
