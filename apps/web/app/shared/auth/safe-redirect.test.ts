import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const origin = "https://console.brand.com";

describe("safeRedirect", () => {
  it.each([
    ["/system/user?pageNum=2", "/system/user?pageNum=2"],
    ["/control/customer#top", "/control/customer#top"],
    ["/", "/"],
  ])("follows the same-site path %s", (target, expected) => {
    expect(safeRedirect(target, "/fallback", origin)).toBe(expected);
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "system/user",
    "/%2F%2Fevil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\t\\evil.example",
    "/%09/evil.example",
    "/%5Cevil.example",
    "/../..//evil.example",
    "/a/..//evil.example",
    "/／/evil.example",
    "/\u2215\u2215evil.example",
    "https:evil.example",
    "/\u0000//evil.example",
  ])("refuses %j", (target) => {
    const result = safeRedirect(target, "/fallback", origin);
    expect(new URL(result, origin).origin).toBe(origin);
    // What a browser does with the Location: never another host, never a path it reads as one.
    expect(result).not.toMatch(/^[/\\]{2}|^\/\\|^[a-z]+:/i);
    if (target === null || target === "" || !String(target).startsWith("/") || String(target).startsWith("//"))
      expect(result).toBe("/fallback");
  });
});
