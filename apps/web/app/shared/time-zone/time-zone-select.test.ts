import { expect, it } from "vitest";
import { zoneLabel } from "./time-zone-select";

const now = new Date("2026-11-29T08:00:00Z");

it("names a zone as a reader searches for it: today's city name, with spaces", () => {
  expect(zoneLabel("Asia/Saigon", "en", now)).toMatch(/^\(GMT\+7\) Asia\/Ho Chi Minh · /);
  expect(zoneLabel("America/New_York", "en", now)).toBe("(GMT-5) America/New York · Eastern Time");
  expect(zoneLabel("Asia/Shanghai", "zh-CN", now)).toBe("(GMT+8) Asia/Shanghai · 中国标准时间");
  expect(zoneLabel("UTC", "vi", now)).toBe("(UTC) UTC");
});
