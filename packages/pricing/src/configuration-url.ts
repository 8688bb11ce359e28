import {
  type Catalogue,
  type DurationUnit,
  type EditionCode,
  type ProductCode,
  QUANTITIES,
  type Quantity,
  type Region,
} from "./catalogue.ts";
import { changeEdition, defaultConfiguration, type PurchaseConfiguration } from "./configuration.ts";

/** The URL names of the quantities: short, so that a shared quote link stays readable. */
const QUERY_NAMES: Record<Quantity, string> = {
  bandwidth: "bandwidth",
  domains: "domains",
  topLevelDomains: "tld",
  ports: "ports",
  originIps: "ips",
};

/**
 * A configuration as URL query parameters, e.g. `edition=enterprise&region=mainland&bandwidth=200
 * &domains=20&duration=year-1&extras=ipv6`, so that a quote can be shared and survives a login.
 */
export function configurationToSearch(config: PurchaseConfiguration): URLSearchParams {
  const search = new URLSearchParams({ edition: config.edition, region: config.region });
  const derived: Quantity = config.product === "waf" ? "domains" : "topLevelDomains";
  for (const name of QUANTITIES) {
    const value = config.quantities[name];
    if (value !== undefined && name !== derived) search.set(QUERY_NAMES[name], String(value));
  }
  search.set("duration", `${config.duration.unit}-${config.duration.count}`);
  const extras = Object.entries(config.extras)
    .filter(([, units]) => units > 0)
    .map(([code, units]) => (units === 1 ? code : `${code}:${units}`));
  if (extras.length > 0) search.set("extras", extras.join(","));
  return search;
}

/**
 * Reads a configuration from a URL over the product's defaults. What is missing keeps its default;
 * what is malformed is kept as it came (NaN, an unknown code) so that the engine names the field.
 */
export function configurationFromSearch(
  catalogue: Catalogue,
  product: ProductCode,
  search: URLSearchParams,
): PurchaseConfiguration {
  const config = defaultConfiguration(catalogue, product);
  const edition = search.get("edition");
  if (edition) Object.assign(config, changeEdition(catalogue, config, edition as EditionCode));
  const region = search.get("region");
  if (region) config.region = region as Region;
  for (const [name, queryName] of Object.entries(QUERY_NAMES) as [Quantity, string][]) {
    const raw = search.get(queryName);
    if (raw !== null) config.quantities[name] = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  }
  const duration = /^(day|month|year)-(\d{1,4})$/.exec(search.get("duration") ?? "");
  if (duration) config.duration = { unit: duration[1] as DurationUnit, count: Number(duration[2]) };
  else if (search.has("duration")) config.duration = { unit: "month", count: Number.NaN };
  // "extras=https,ipv6" from a shared link, or one "extras" per ticked box from the plain form.
  const extras = search.getAll("extras").join(",");
  if (extras) {
    for (const item of extras.split(",").slice(0, 20)) {
      const [code = "", units = "1"] = item.split(":");
      if (code) config.extras[code] = /^\d{1,4}$/.test(units) ? Number(units) : Number.NaN;
    }
  }
  return config;
}
