import { describe, expect, it } from "vitest";
import { languageFromTag, resolveLanguage } from "./languages.ts";

describe("language rule", () => {
  it.each([
    ["en-US", "en"],
    ["zh-CN", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["zh-TW", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["zh_TW", "zh-TW"],
    ["id-ID", "id"],
    ["vi", "vi"],
  ])("reads %s as %s", (tag, lang) => {
    expect(languageFromTag(tag)).toBe(lang);
  });

  it("ignores languages it does not speak", () => {
    expect(languageFromTag("fr-FR")).toBeUndefined();
    expect(languageFromTag("")).toBeUndefined();
  });

  it("lets the uselang cookie win over the browser", () => {
    expect(resolveLanguage("vi", ["zh-CN", "en"])).toBe("vi");
  });

  it("takes the first browser language it speaks, else English", () => {
    expect(resolveLanguage(undefined, ["fr-FR", "zh-TW", "en"])).toBe("zh-TW");
    expect(resolveLanguage("klingon", ["de"])).toBe("en");
  });
});
