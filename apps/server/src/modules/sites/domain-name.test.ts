import { describe, expect, it } from "vitest";
import { parseHost } from "./domain-name.ts";

describe("parseHost", () => {
  it.each([
    ["localhost", "localhost", null],
    ["LOCALHOST:3000", "localhost", null],
    ["127.0.0.1", "127.0.0.1", null],
    ["127.0.0.1:8080", "127.0.0.1", null],
    ["[::1]:3000", "::1", null],
    ["www.Brand.example.com.", "www.brand.example.com", "example.com"],
    ["shop.brand.com.cn", "shop.brand.com.cn", "brand.com.cn"],
    ["a.b.com.vn:443", "a.b.com.vn", "b.com.vn"],
    ["demo.localhost", "demo.localhost", "demo.localhost"],
  ])("reads %s", (input, hostname, registrableDomain) => {
    expect(parseHost(input)).toMatchObject({ hostname, registrableDomain });
  });

  it.each([
    "",
    "   ",
    "http://example.com",
    "example.com/path",
    "user@example.com",
    "exa mple.com",
    "a..b",
    "-bad.com",
    "under_score.com",
    "example.com:99999",
    "<script>.com",
    "x".repeat(300),
  ])("refuses %j", (input) => {
    expect(parseHost(input)).toBeNull();
  });
});
