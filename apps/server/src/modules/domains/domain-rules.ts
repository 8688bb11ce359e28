import { createHmac } from "node:crypto";
import { domainToASCII } from "node:url";
import { CNAME_PATTERN, CNAME_PATTERN_SETTINGS } from "@rampart/contracts";
import { type ProductCode, type PurchaseConfiguration, planQuantities } from "@rampart/pricing";
import { inArray } from "drizzle-orm";
import { parse } from "tldts";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

export { CNAME_PATTERN_SETTINGS };
export const CNAME_PATTERN_DEFAULTS: Record<keyof typeof CNAME_PATTERN_SETTINGS, string> = {
  cdn: "{hash}.cdn.rampart-edge.example",
  ddos: "{hash}.ddos.rampart-edge.example",
  waf: "{hash}.waf.rampart-edge.example",
};

export type DomainProduct = keyof typeof CNAME_PATTERN_SETTINGS;
export const isDomainProduct = (product: string): product is DomainProduct => product in CNAME_PATTERN_SETTINGS;

export async function cnamePatterns(db: Db): Promise<Record<DomainProduct, string>> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(CNAME_PATTERN_SETTINGS)));
  const saved = new Map(rows.map((row) => [row.key, row.value.trim().toLowerCase()]));
  const of = (product: DomainProduct) => {
    const value = saved.get(CNAME_PATTERN_SETTINGS[product]);
    return value && CNAME_PATTERN.test(value) ? value : CNAME_PATTERN_DEFAULTS[product];
  };
  return { cdn: of("cdn"), ddos: of("ddos"), waf: of("waf") };
}

/** A domain's CNAME target: the product's pattern with a label of its own (stable, not guessable). */
export function cnameTargetOf(pattern: string, key: Buffer, serviceId: number, name: string): string {
  const hash = createHmac("sha256", key).update(`${serviceId}:${name}`).digest("hex").slice(0, 16);
  return pattern.replace("{hash}", hash);
}

/** A domain as a package holds it: a host name (IDNs in ASCII), lower case, with a registrable domain. */
export function domainNameOf(raw: string): { name: string; registrable: string } {
  const text = domainToASCII(raw.trim().toLowerCase().replace(/\.$/, ""));
  const parsed = parse(text, { validateHostname: true });
  if (!text || parsed.isIp || !parsed.domain || parsed.hostname !== text || text.startsWith("*"))
    throw new AppError(400, "domain_name_invalid", { value: raw });
  return { name: text, registrable: parsed.domain };
}

/** What a package allows (null: no limit, as for a custom edition). */
export function planLimits(product: ProductCode, configuration: PurchaseConfiguration) {
  const quantities = planQuantities(product, configuration.quantities);
  return {
    domains: quantities.domains ?? null,
    topLevelDomains: quantities.topLevelDomains ?? null,
    originIps: quantities.originIps ?? null,
  };
}

/** Whether a package serves mainland China (acceleration there needs an ICP filing number). */
export const servesMainland = (configuration: PurchaseConfiguration) =>
  configuration.region === "mainland" || configuration.region === "global";

/** An ICP filing number as filed: e.g. 京ICP备12345678号-1 (recorded, not verified with the authorities). */
export const ICP_NUMBER = /^[\u4e00-\u9fff]{1,2}ICP(备|證|证)?\d{6,12}号?(-\d{1,3})?$/;
