import type { ProductCode } from "@rampart/pricing";

/** The price page of each product sold online (spec section 2). */
export const PRICE_PATHS: Record<ProductCode, string> = {
  cdn: "cdnPrice",
  ddos: "ddosPrice",
  tcp: "tcpPrice",
  waf: "wafPrice",
};

/** Older addresses of the price pages: answered with a permanent redirect. */
export const LEGACY_PRICE_PATHS: Record<string, string> = {
  productDdosPrice: "ddosPrice",
  productWafPrice: "wafPrice",
  productCdnPrice: "cdnPrice",
};

export function productOfPricePath(path: string): ProductCode | undefined {
  return (Object.entries(PRICE_PATHS) as [ProductCode, string][]).find(([, p]) => p === path)?.[0];
}
