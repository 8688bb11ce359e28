import { Type } from "typebox";

/**
 * The provider's figures (spec section 9) as numbers, written once: the spec's defaults, which a
 * site shows unless it has its own (System → Sites). The texts name them (`{{nodes, number}}`) and
 * each language formats them its own way.
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
export const MARKETING_FIGURE_NAMES = Object.keys(MARKETING_FIGURES) as MarketingFigure[];

/**
 * The claims about the provider itself (its network, its people, its promises), which the home and
 * about pages show; the others are what the products can do.
 */
export const COMPANY_FIGURES = [
  "nodes",
  "countries",
  "networkTbps",
  "protectionTbps",
  "perAddressGbps",
  "mitigationSeconds",
  "slaPercent",
  "customers",
  "engineers",
  "years",
] as const satisfies readonly MarketingFigure[];

// Null first: the request's coercion would otherwise read null as the number 0.
const FigureValue = Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 1_000_000_000 })]));

/**
 * A site's own figures: a number replaces the default, null hides the figure, a name left out keeps
 * the spec's default. Only known names; numbers from 0 to a billion.
 */
export const SiteMarketingFigures = Type.Object(
  Object.fromEntries(MARKETING_FIGURE_NAMES.map((name) => [name, FigureValue])) as Record<
    MarketingFigure,
    typeof FigureValue
  >,
  { additionalProperties: false },
);
export type SiteMarketingFigures = Partial<Record<MarketingFigure, number | null>>;

/** Each figure as a site shows it: its own number, the default, or null when it hides it. */
export function siteFigures(
  own: Partial<Record<string, number | null>> | undefined,
): Record<MarketingFigure, number | null> {
  const figures = { ...MARKETING_FIGURES } as Record<MarketingFigure, number | null>;
  for (const name of MARKETING_FIGURE_NAMES) {
    const value = own?.[name];
    if (value === null || (typeof value === "number" && Number.isFinite(value))) figures[name] = value;
  }
  return figures;
}
