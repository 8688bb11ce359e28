import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, money, parseMajor } from "./money.ts";

describe("money", () => {
  it("knows the minor unit of the currencies the sites sell in", () => {
    expect(minorDigits("CNY")).toBe(2);
    expect(minorDigits("usd")).toBe(2);
    expect(minorDigits("VND")).toBe(0);
  });

  it("parses amounts written by people into integer minor units", () => {
    expect(parseMajor("12.3", "CNY")).toEqual({ minor: 1230, currency: "CNY" });
    expect(parseMajor("0.01", "CNY").minor).toBe(1);
    expect(parseMajor("150000", "VND").minor).toBe(150000);
    expect(() => parseMajor("1.234", "CNY")).toThrow(/at most 2 decimals/);
    expect(() => parseMajor("1.5", "VND")).toThrow(/at most 0 decimals/);
    expect(() => parseMajor("12,30", "CNY")).toThrow(/not an amount/);
  });

  it("refuses fractional minor units", () => {
    expect(() => money(10.5, "CNY")).toThrow(RangeError);
  });

  it("formats in the user's language", () => {
    expect(formatMoney(money(123450, "CNY"), "en")).toBe("CN¥1,234.50");
    expect(formatMoney(money(123450, "CNY"), "zh-CN")).toBe("¥1,234.50");
    expect(formatMoney(money(150000, "VND"), "vi")).toMatch(/^150\.000\s₫$/);
  });

  it("writes New Taiwan dollars as Taiwan does: NT$, whole dollars without cents", () => {
    expect(minorDigits("TWD")).toBe(2);
    expect(formatMoney(money(299_900, "TWD"), "zh-TW")).toBe("NT$2,999");
    expect(formatMoney(money(299_900, "TWD"), "en")).toBe("NT$2,999");
    expect(formatMoney(money(299_900, "TWD"), "id")).toBe("NT$2.999");
    expect(formatMoney(money(299_900, "TWD"), "vi")).toMatch(/^2\.999\sNT\$$/);
    // An amount with cents (a percentage off) is written in full, never rounded away.
    expect(formatMoney(money(269_910, "TWD"), "zh-TW")).toBe("NT$2,699.10");
    expect(formatMoney(money(-299_900, "TWD"), "zh-TW")).toBe("-NT$2,999");
    // Other currencies keep their cents.
    expect(formatMoney(money(299_900, "USD"), "zh-TW")).toBe("US$2,999.00");
  });
});
