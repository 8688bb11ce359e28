import type { ProductIconName } from "../home/product-icon";

/** How the Products menu groups the offer (spec section 1). */
export type ProductGroup = "acceleration" | "network" | "application" | "host" | "data" | "services";

export interface ProductEntry {
  /** The page's path without the slash, and the name of its content files (locales/products/<slug>/). */
  slug: string;
  group: ProductGroup;
  icon: ProductIconName;
  /** Its price page, once that page exists (the buying issue). */
  pricePath?: string;
  /** A protection product: its page offers "Under attack?" (an urgent ticket that pages on-call). */
  underAttack?: true;
}

/**
 * The products and services that have their page. Adding a product is adding an entry here and
 * its content files in the five languages; the route, the menu and the sitemap follow.
 */
export const PRODUCTS: readonly ProductEntry[] = [
  { slug: "cdn", pricePath: "/cdnPrice", group: "acceleration", icon: "cdn" },
  { slug: "ddos", pricePath: "/ddosPrice", group: "network", icon: "ddos", underAttack: true },
  { slug: "tcp", pricePath: "/tcpPrice", group: "network", icon: "tcp", underAttack: true },
  { slug: "waf", pricePath: "/wafPrice", group: "application", icon: "waf", underAttack: true },
  { slug: "ssl", group: "application", icon: "ssl" },
  { slug: "hostSecurity", group: "host", icon: "host" },
  { slug: "cfw", group: "network", icon: "firewall" },
  { slug: "dbaudit", group: "data", icon: "database" },
  { slug: "blj", group: "host", icon: "host" },
  { slug: "log", group: "data", icon: "database" },
  { slug: "mmj", group: "data", icon: "ssl" },
  { slug: "ipv6", group: "network", icon: "cdn" },
  { slug: "xydfhq", group: "network", icon: "firewall" },
  { slug: "apt", group: "network", icon: "ddos" },
  { slug: "wxqb", group: "network", icon: "service" },
  { slug: "securitySSL", group: "network", icon: "ssl" },
  { slug: "wam", group: "application", icon: "waf" },
  { slug: "dlp", group: "data", icon: "database" },
  { slug: "pwm", group: "data", icon: "ssl" },
  { slug: "mss", group: "services", icon: "service" },
  { slug: "sec", group: "services", icon: "service" },
  { slug: "ca", group: "services", icon: "service" },
  { slug: "vs", group: "services", icon: "service" },
  { slug: "djbh", group: "services", icon: "service" },
  { slug: "pt", group: "services", icon: "service" },
  { slug: "sa", group: "services", icon: "ddos", underAttack: true },
];

export const PRODUCT_GROUPS: readonly ProductGroup[] = [
  "acceleration",
  "network",
  "application",
  "host",
  "data",
  "services",
];

export function productFor(slug: string): ProductEntry | undefined {
  return PRODUCTS.find((product) => product.slug === slug);
}
