/**
 * The provider's figures (spec section 9) as numbers, written once: the texts name them
 * (`{{nodes, number}}`, `{{botnetRules, compact}}`) and each language formats them its own way
 * (2,800 in English, 2.800 in Indonesian and Vietnamese; 30万 where Chinese counts in ten
 * thousands). Product texts are filled by `fillFigures`, the other texts by i18next, which has
 * them as default variables.
 */
export const MARKETING_FIGURES = {
  /** Edge nodes, in more than `countries` countries. */
  nodes: 2800,
  countries: 100,
  /** The whole network's bandwidth, in Tbps. */
  networkTbps: 160,
  /** DDoS scrubbing capacity worldwide, in Tbps. */
  protectionTbps: 10,
  /** DDoS protection behind one protected address, in Gbps. */
  perAddressGbps: 1000,
  /** Seconds within which an attack is suppressed. */
  mitigationSeconds: 3,
  slaPercent: 99.9,
  cdnHitRatePercent: 95,
  /** IPS signatures of the cloud and next-generation firewalls. */
  ipsSignatures: 15_000,
  botnetRules: 1_600_000,
  /** Database audit: built-in rules and transactions audited per second. */
  dbAuditRules: 400,
  dbAuditTps: 10_000,
  /** The SSL gateway's TLS handshakes per second, and with long-lived connections. */
  tlsHandshakes: 65_000,
  tlsHandshakesLongLived: 300_000,
  /** The WAF editions' normal traffic and HTTP flood (CC) peaks, in requests per second. */
  wafNormalPeakEnterprise: 2_000,
  wafNormalPeakUltimate: 5_000,
  wafCcPeakEnterprise: 100_000,
  wafCcPeakUltimate: 300_000,
  /** The home page's figures: customers served, security engineers, years in the business. */
  customers: 3_000,
  engineers: 200,
  years: 10,
} as const;

export type MarketingFigure = keyof typeof MARKETING_FIGURES;

/** `number`: grouped as the language groups; `compact`: in words (1.6 million, 160万, 1,6 juta). */
export type FigureFormat = "number" | "compact";

export function formatFigure(value: number, format: FigureFormat, language: string): string {
  return new Intl.NumberFormat(
    language,
    format === "compact" ? { notation: "compact", compactDisplay: "long" } : { maximumFractionDigits: 2 },
  ).format(value);
}

const TOKEN = /\{\{\s*(\w+)\s*,\s*(number|compact)\s*\}\}/g;

/** A text with its figures (`{{name, number}}`, `{{name, compact}}`) written in `language`. */
export function fillFigures(text: string, language: string): string {
  return text.replace(TOKEN, (token, name: string, format: FigureFormat) =>
    Object.hasOwn(MARKETING_FIGURES, name)
      ? formatFigure(MARKETING_FIGURES[name as MarketingFigure], format, language)
      : token,
  );
}

/** Every string of a text tree (a product page's content) with its figures filled. */
export function fillFiguresDeep<T>(value: T, language: string): T {
  if (typeof value === "string") return fillFigures(value, language) as T;
  if (Array.isArray(value)) return value.map((item) => fillFiguresDeep(item, language)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFiguresDeep(item, language)])) as T;
  return value;
}
