import { expect, it } from "vitest";
import { listedZone, searchForm, zoneSearchText } from "./zone-names";

const found = (typed: string, zone: string, label: string) => zoneSearchText(zone, label).includes(searchForm(typed));

it("finds Vietnam's zone by the names a Vietnamese reader types, with or without accents", () => {
  const label = "(GMT+7) Asia/Ho Chi Minh · Giờ Đông Dương";
  for (const typed of [
    "Hồ Chí Minh",
    "ho chi minh",
    "Ho_Chi_Minh",
    "Sài Gòn",
    "saigon",
    "Hà Nội",
    "Việt Nam",
    "đông dương",
  ])
    expect(found(typed, "Asia/Saigon", label), typed).toBe(true);
  expect(found("Hồ Chí Minh", "Asia/Bangkok", "(GMT+7) Asia/Bangkok · Giờ Đông Dương")).toBe(false);
});

it("finds China's and Indonesia's zones by their readers' words", () => {
  expect(found("北京", "Asia/Shanghai", "(GMT+8) Asia/Shanghai · 中国标准时间")).toBe(true);
  expect(found("WIB", "Asia/Jakarta", "(GMT+7) Asia/Jakarta · Waktu Indonesia Barat")).toBe(true);
  expect(found("臺北", "Asia/Taipei", "(GMT+8) Asia/Taipei · 台北標準時間")).toBe(true);
});

it("shows a stored zone as the entry the browser lists it under, whichever name each uses", () => {
  expect(listedZone("Asia/Ho_Chi_Minh", ["UTC", "Asia/Saigon"])).toBe("Asia/Saigon");
  expect(listedZone("Asia/Saigon", ["UTC", "Asia/Ho_Chi_Minh"])).toBe("Asia/Ho_Chi_Minh");
  expect(listedZone("Asia/Saigon", ["Asia/Saigon"])).toBe("Asia/Saigon");
  expect(listedZone("Mars/Olympus", ["UTC"])).toBe("Mars/Olympus");
  expect(listedZone("", ["UTC"])).toBe("");
});
