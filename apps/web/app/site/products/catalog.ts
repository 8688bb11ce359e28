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
}

/**
 * The products and services that have their page. Adding a product is adding an entry here and
 * its content files in the five languages; the route, the menu and the sitemap follow.
 */
export const PRODUCTS: readonly ProductEntry[] = [
  { slug: "cdn", group: "acceleration", icon: "cdn" },
  { slug: "ddos", group: "network", icon: "ddos" },
  { slug: "tcp", group: "network", icon: "tcp" },
  { slug: "waf", group: "application", icon: "waf" },
  { slug: "ssl", group: "application", icon: "ssl" },
  { slug: "hostSecurity", group: "host", icon: "host" },
  { slug: "cfw", group: "network", icon: "firewall" },
  { slug: "dbaudit", group: "data", icon: "database" },
  { slug: "blj", group: "host", icon: "host" },
  { slug: "log", group: "data", icon: "database" },
  { slug: "mmj", group: "data", icon: "ssl" },
  { slug: "pt", group: "services", icon: "service" },
  { slug: "sa", group: "services", icon: "ddos" },
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
