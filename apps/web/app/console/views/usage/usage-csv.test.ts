import type { UsageSeriesView } from "@rampart/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import usageEn from "../../../locales/usage/en.json";
import usageZhTW from "../../../locales/usage/zh-TW.json";
import { attackAreas } from "./usage-charts";
import { csvFileName, usageCsv } from "./usage-csv";

const zeros = (n: number) => Array.from({ length: n }, () => 0);
function sample(): UsageSeriesView {
  const at = ["2026-11-20T10:00:00.000Z", "2026-11-20T10:05:00.000Z", "2026-11-20T10:10:00.000Z"];
  const figures = Object.fromEntries(
    [
      "bytesOut",
      "bytesOrigin",
      "requests",
      "cachedRequests",
      "cachedBytes",
      "status2xx",
      "status3xx",
      "status4xx",
      "status5xx",
      "peakBps",
      "wafBlocked",
      "ddosBytes",
      "ddosPackets",
    ].map((name) => [name, zeros(3)]),
  ) as UsageSeriesView["figures"];
  figures.bytesOut = [1000, 2000, 0];
  figures.requests = [10, 4, 0];
  figures.cachedRequests = [5, 1, 0];
  return {
    orderNo: "2026112000001",
    product: "cdn",
    edition: "standard",
    domains: [],
    domain: "",
    timeZone: "Asia/Shanghai",
    range: "24h",
    from: at[0]!,
    to: "2026-11-20T10:15:00.000Z",
    granularity: "5m",
    at,
    figures,
    p95Bps: 0,
    committedBps: null,
    attacks: [
      {
        attackId: "a",
        startedAt: "2026-11-20T10:07:00.000Z",
        endedAt: null,
        target: "x",
        vector: "SYN flood",
        peakBps: 1,
        peakPps: 1,
        action: "scrubbed",
      },
    ],
    tops: { country: [], url: [], client: [], referrer: [], status: [] },
    reported: true,
    keptSince: "2021-11-20",
  };
}

async function translator(language: string, messages: object) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: messages } } });
  return instance.t;
}

describe("the usage CSV", () => {
  it("writes a row per point, times in the reader's zone, headers in their language", async () => {
    const csv = usageCsv(sample(), await translator("en", usageEn));
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Time \(Asia\/Shanghai\),Traffic to visitors \(bytes\),/);
    expect(lines[1]).toBe("2026-11-20 18:00,1000,0,10,5,50,0,0,0,0,0,0,0,0");
    expect(lines[2]).toBe("2026-11-20 18:05,2000,0,4,1,25,0,0,0,0,0,0,0,0");
    expect(lines[3]).toBe("2026-11-20 18:10,0,0,0,0,,0,0,0,0,0,0,0,0");
    const zh = usageCsv(sample(), await translator("zh-TW", usageZhTW));
    expect(zh.split("\r\n")[0]).toMatch(/^時間（Asia\/Shanghai）,訪客流量（位元組）,/);
    expect(csvFileName(sample())).toBe("usage-2026112000001-2026-11-20-2026-11-20.csv");
  });

  it("shades an attack from the point it began in to the last point while it goes on", () => {
    expect(attackAreas(sample(), (vector) => vector)).toEqual([
      [{ name: "SYN flood", xAxis: 1, label: { position: "insideTopLeft" } }, { xAxis: 2 }],
    ]);
  });
});
