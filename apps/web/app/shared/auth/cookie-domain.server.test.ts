import { describe, expect, it } from "vitest";
import { cookieDomainFor } from "./cookie-domain.server";

describe("cookieDomainFor", () => {
  it.each([
    ["www.brand.com", "brand.com"],
    ["console.brand.com", "brand.com"],
    ["brand.com", "brand.com"],
    ["shop.brand.com.cn", "brand.com.cn"],
    ["a.brand.cn.com", "brand.cn.com"],
    ["www.brand.com.hk", "brand.com.hk"],
    ["www.brand.com.tw", "brand.com.tw"],
    ["console.brand.com.vn", "brand.com.vn"],
    ["www.brand.co.uk", "brand.co.uk"],
    ["WWW.Brand.COM.", "brand.com"],
    ["x.y.brand.co.id", "brand.co.id"],
  ])("shares %s's session across %s", (host, domain) => {
    expect(cookieDomainFor(host)).toBe(domain);
  });

  it.each([
    "localhost",
    "demo.localhost",
    "127.0.0.1",
    "[::1]",
    "::1",
    "10.0.0.7",
    "intranet",
    "",
  ])("keeps %j host-only", (host) => {
    expect(cookieDomainFor(host)).toBeUndefined();
  });
});
