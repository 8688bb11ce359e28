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
  ])("refuses %j", (target) => {
    const result = safeRedirect(target, "/fallback", origin);
    expect(new URL(result, origin).origin).toBe(origin);
    if (target === null || target === "" || !String(target).startsWith("/") || String(target).startsWith("//"))
      expect(result).toBe("/fallback");
  });
});
