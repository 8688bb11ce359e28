import { isTimeZone } from "@rampart/contracts";
import { describe, expect, it } from "vitest";
import { mailTime, readerTimeZone } from "./mail-time.ts";

const at = new Date("2026-11-28T23:51:00Z");

describe("a moment in a mail", () => {
  it("is written in the reader's zone and language, with the zone's offset", () => {
    expect(mailTime({ at }, "zh-CN", "Asia/Shanghai")).toBe("2026年11月29日 07:51 (GMT+8)");
    expect(mailTime({ at }, "zh-TW", "Asia/Taipei")).toBe("2026年11月29日 07:51 (GMT+8)");
    expect(mailTime({ at }, "vi", "Asia/Ho_Chi_Minh")).toBe("06:51 ngày 29/11/2026 (GMT+7)");
    expect(mailTime({ at }, "id", "Asia/Jakarta")).toBe("29 November 2026 pukul 06.51 (GMT+7)");
    expect(mailTime({ at }, "en", "UTC")).toBe("November 28, 2026 at 23:51 (UTC)");
    expect(mailTime({ at }, "en", "Asia/Kolkata")).toBe("November 29, 2026 at 05:21 (GMT+5:30)");
  });

  it("as a day alone, is the reader's day", () => {
    expect(mailTime({ at, day: true }, "zh-CN", "Asia/Shanghai")).toBe("2026年11月29日");
    expect(mailTime({ at, day: true }, "vi", "Asia/Ho_Chi_Minh")).toBe("29/11/2026");
    expect(mailTime({ at, day: true }, "en", "America/New_York")).toBe("November 28, 2026");
  });

  it("takes the reader's own zone, else the site's, else UTC", () => {
    expect(readerTimeZone("Asia/Shanghai", "Asia/Ho_Chi_Minh")).toBe("Asia/Shanghai");
    expect(readerTimeZone("", "Asia/Ho_Chi_Minh")).toBe("Asia/Ho_Chi_Minh");
    expect(readerTimeZone("Mars/Olympus", "")).toBe("UTC");
  });
});

describe("a time zone", () => {
  it("is an IANA name this runtime knows, not an offset or an abbreviation", () => {
    for (const zone of ["UTC", "Asia/Shanghai", "Asia/Saigon", "America/Argentina/Buenos_Aires"])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["", "+08:00", "CST", "Mars/Olympus", "Asia/Shanghai\n", "../../etc/passwd", "A".repeat(70)])
      expect(isTimeZone(zone), zone).toBe(false);
  });
});
