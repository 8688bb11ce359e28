import {
  type Catalogue,
  type DurationUnit,
  type EditionCode,
  type ProductCode,
  type Quantity,
  type Region,
  regionsOf,
} from "./catalogue.ts";

/** The figures that make an overage amount, kept with its order so that it can be computed again. */
export interface OverageFigures {
  /** The month billed, YYYY-MM-01 (in the site's time zone). */
  month: string;
  /** The month's 95th percentile, bits per second. */
  p95Bps: number;
  /** The bandwidth the package commits to, Mbps. */
  committedMbps: number;
  /** Days of the month the service was in service (a started day counts). */
  days: number;
  /** Days of the month. */
  monthDays: number;
  /** The price of one Mbps-month above the commitment, minor units of `currency`. */
  rate: number;
  currency: string;
  /**
   * Of a month in which the package's commitment changed (an upgrade paid, or refunded): its parts,
   * in order, each measured and billed on its own against the commitment in force then; the
   * amount is the sum of the parts' (`overageTotal`). The figures above are then the month's as a
   * whole: its 95th percentile, its days in service, and the last part's commitment and rate.
   */
  parts?: OveragePart[];
}

/** A part of a month billed against one commitment: whole days of the site's calendar. */
export interface OveragePart {
  /** The part's first and last day, YYYY-MM-DD. */
  from: string;
  until: string;
  /** The 95th percentile of the part's 5-minute peaks, bits per second. */
  p95Bps: number;
  committedMbps: number;
  /** Days of the part the package was in service. */
  days: number;
  /** The rate of the edition in force during the part (0: that edition does not bill overage). */
  rate: number;
}

/** What a visitor chose on a price page; the same object travels in the URL and in createOrder. */
export interface PurchaseConfiguration {
  product: ProductCode;
  edition: EditionCode;
  region: Region;
  quantities: Partial<Record<Quantity, number>>;
  duration: { unit: DurationUnit; count: number };
  /** Extended configuration: item code → units. */
  extras: Record<string, number>;
  /** Of an overage order only: the month's figures that made its amount (never from a price page). */
  overage?: OverageFigures;
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
