import type { UsageSeriesView } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import {
  bizAttackEvent,
  bizService,
  bizServiceDomain,
  bizUsage5m,
  bizUsageDaily,
  bizUsageHourly,
  bizUsageTop,
  sysSite,
  sysUser,
} from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { NO_FIGURES } from "../../testing/usage-test-data.ts";
import { ensureUsagePartitions } from "../usage/usage-partitions.ts";

const NOW = new Date("2026-11-20T12:02:00Z");
const MBPS = 1_000_000;
const MIN5 = 300_000;

let t: TestApp;
let nina: Record<string, string>;
let omar: Record<string, string>;
let ninaOrder = "";

async function addService(db: Db, userId: number, orderNo: string, bandwidth: number) {
  const [service] = await db
    .insert(bizService)
    .values({
      orderNo,
      userId,
      product: "cdn",
      configuration: { product: "cdn", edition: "standard", quantities: { bandwidth } } as never,
      expiresAt: new Date("2027-11-01T00:00:00Z"),
      createdAt: NOW,
      updatedAt: NOW,
    })
    .returning({ serviceId: bizService.serviceId });
  return service!.serviceId;
}

/**
 * Nina's package (100 Mbps bought, domain shop.example): 20 whole-package buckets from 10:00 UTC
 * today with peaks 1..20 Mbps and 1,000 bytes each; the hours rolled up to 09:00 (a 09:30 bucket
 * already in them); two hours on 10 November either side of Shanghai's midnight; a day in August
 * kept only as a day; attacks and top lists.
 */
async function seed(db: Db) {
  const ninaId = await createUser(db, { userName: "nina", password: "nina-pass-12" });
  const omarId = await createUser(db, { userName: "omar", password: "omar-pass-12" });
  await db.update(sysUser).set({ timeZone: "Asia/Shanghai" }).where(eq(sysUser.userId, ninaId));
  ninaOrder = "900000000000000001";
  const serviceId = await addService(db, ninaId, ninaOrder, 100);
  await addService(db, omarId, "900000000000000002", 50);
  await db.insert(bizServiceDomain).values({
    serviceId,
    name: "shop.example",
    registrableDomain: "shop.example",
    cnameTarget: "x.cdn.example",
    ownershipToken: "t",
    createdAt: NOW,
    updatedAt: NOW,
  });
  await ensureUsagePartitions(db, new Date("2026-10-01T00:00:00Z"), NOW);
  const ten = Date.parse("2026-11-20T10:00:00Z");
  const at = (ms: number) => new Date(ms);
  const buckets = Array.from({ length: 20 }, (_, i) => ({
    ...NO_FIGURES,
    serviceId,
    bucket: at(ten + i * MIN5),
    bytesOut: 1000,
    requests: 10,
    cachedRequests: 5,
    peakBps: (i + 1) * MBPS,
    receivedAt: NOW,
  }));
  buckets.push({ ...buckets[0]!, bucket: at(ten - 6 * MIN5), bytesOut: 777, peakBps: 0 });
  buckets.push({ ...buckets[0]!, domain: "shop.example", bytesOut: 400, peakBps: 50 * MBPS } as never);
  await db.insert(bizUsage5m).values(buckets);
  await db.insert(bizUsageHourly).values([
    { ...NO_FIGURES, serviceId, hour: new Date("2026-11-20T09:00:00Z"), bytesOut: 5000, peakBps: 3 * MBPS },
    { ...NO_FIGURES, serviceId, hour: new Date("2026-11-10T15:00:00Z"), bytesOut: 300 },
    { ...NO_FIGURES, serviceId, hour: new Date("2026-11-10T16:00:00Z"), bytesOut: 500 },
  ]);
  await db.insert(bizUsageDaily).values([
    { ...NO_FIGURES, serviceId, day: new Date("2026-08-01T00:00:00Z"), bytesOut: 70_000 },
    // Also in the hours: not counted twice.
    { ...NO_FIGURES, serviceId, day: new Date("2026-11-10T00:00:00Z"), bytesOut: 800 },
  ]);
  const attack = { serviceId, vector: "SYN flood", peakBps: 9e9, peakPps: 1e6, receivedAt: NOW };
  await db.insert(bizAttackEvent).values([
    {
      ...attack,
      attackId: "a-1",
      target: "shop.example",
      action: "scrubbed",
      startedAt: new Date("2026-11-20T10:30:00Z"),
      endedAt: new Date("2026-11-20T10:50:00Z"),
    },
    {
      ...attack,
      attackId: "a-0",
      target: "203.0.113.7",
      action: "blackholed",
      startedAt: new Date("2026-11-01T01:00:00Z"),
      endedAt: new Date("2026-11-01T02:00:00Z"),
    },
  ]);
  const top = (day: string, rank: number, key: string, requests: number) => ({
    serviceId,
    day,
    kind: "country",
    rank,
    key,
    requests,
    bytes: requests * 10,
  });
  await db
    .insert(bizUsageTop)
    .values([top("2026-11-19", 1, "CN", 100), top("2026-11-19", 2, "US", 90), top("2026-11-20", 1, "US", 50)]);
}

beforeAll(async () => {
  t = await openTestApp({ now: () => NOW });
  await seed(t.database.db);
  nina = await signIn(t.app, "nina", "nina-pass-12");
  omar = await signIn(t.app, "omar", "omar-pass-12");
});
afterAll(() => t.close());

const get = (query: string, headers: Record<string, string>, orderNo = ninaOrder) =>
  t.app.inject({ method: "GET", url: `/prod-api/control/services/${orderNo}/usage${query}`, headers });
async function view(query: string, headers = nina): Promise<UsageSeriesView> {
  const response = await get(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const pointAt = (data: UsageSeriesView, iso: string) => data.at.indexOf(new Date(iso).toISOString());

describe("a package's usage, as its customer sees it", () => {
  it("refuses another customer's package, and a site-bound operator another site's, as if it did not exist; shows a site's operator their site's", async () => {
    const refused = await get("", omar);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe("This package does not exist or is not yours");
    const lotus = await signInDemoSiteOperator(t.app, t.database.db);
    expect((await get("", lotus)).statusCode).toBe(404);
    // Omar's package belongs to the demo site: its operator may read it, not change whose it is.
    const [demo] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
    await t.database.db
      .update(bizService)
      .set({ siteId: demo!.siteId })
      .where(eq(bizService.orderNo, "900000000000000002"));
    expect((await get("", lotus, "900000000000000002")).statusCode).toBe(200);
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    expect((await view("", admin)).orderNo).toBe(ninaOrder);
    expect((await get("?domain=other.example", nina)).statusCode).toBe(404);
  });

  it("draws the last 24 hours in 5-minute points with the range's 95th percentile and the bandwidth bought", async () => {
    const data = await view("?range=24h");
    expect(data.granularity).toBe("5m");
    expect(data.at).toHaveLength(288);
    expect(data.from).toBe("2026-11-19T12:00:00.000Z");
    expect(data.to).toBe("2026-11-20T12:00:00.000Z");
    expect(sum(data.figures.bytesOut)).toBe(20 * 1000 + 777);
    expect(data.figures.peakBps[pointAt(data, "2026-11-20T10:15:00Z")]).toBe(4 * MBPS);
    // 20 positive peaks (the 777-byte bucket has none): the 19th of them.
    expect(data.p95Bps).toBe(19 * MBPS);
    expect(data.committedBps).toBe(100 * MBPS);
    expect(data.timeZone).toBe("Asia/Shanghai");
    expect(data.domains).toEqual(["shop.example"]);
    expect(data.reported).toBe(true);
    expect(data.attacks.map((a) => a.attackId)).toEqual(["a-1"]);
    expect(data.tops.country).toEqual([
      { key: "US", requests: 140, bytes: 1400 },
      { key: "CN", requests: 100, bytes: 1000 },
    ]);
  });

  it("narrows to one domain: its own figures and percentile, and the attacks on it", async () => {
    const data = await view("?range=24h&domain=shop.example");
    expect(sum(data.figures.bytesOut)).toBe(400);
    expect(data.p95Bps).toBe(50 * MBPS);
    expect(data.attacks.map((a) => a.target)).toEqual(["shop.example"]);
  });

  it("draws 7 and 30 days in hours: the rolled-up hours, then the 5-minute buckets not rolled up yet", async () => {
    const week = await view("?range=7d");
    expect(week.granularity).toBe("hour");
    expect(week.at).toHaveLength(168);
    expect(week.figures.bytesOut[pointAt(week, "2026-11-20T09:00:00Z")]).toBe(5000);
    expect(week.figures.bytesOut[pointAt(week, "2026-11-20T10:00:00Z")]).toBe(12_000);
    expect(week.figures.peakBps[pointAt(week, "2026-11-20T10:00:00Z")]).toBe(12 * MBPS);
    expect(week.figures.bytesOut[pointAt(week, "2026-11-20T11:00:00Z")]).toBe(8000);
    const month = await view("?range=30d");
    expect(month.at).toHaveLength(720);
    expect(month.attacks.map((a) => a.attackId)).toEqual(["a-1", "a-0"]);
  });

  it("chooses the points' width from a chosen range, and the days in the reader's time zone", async () => {
    const twoDays = await view("?range=custom&from=2026-11-18&to=2026-11-19");
    expect([twoDays.granularity, twoDays.at.length]).toEqual(["5m", 576]);
    // Shanghai's 18 November begins at 16:00 UTC the day before.
    expect(twoDays.from).toBe("2026-11-17T16:00:00.000Z");
    const oldTwoDays = await view("?range=custom&from=2026-10-10&to=2026-10-11");
    expect([oldTwoDays.granularity, oldTwoDays.at.length]).toEqual(["hour", 48]);
    expect(oldTwoDays.p95Bps).toBeNull();

    const days = await view("?range=custom&from=2026-07-25&to=2026-11-20");
    expect(days.granularity).toBe("day");
    expect(days.at).toHaveLength(119);
    const day = (date: string) => days.figures.bytesOut[pointAt(days, `${date}T00:00:00+08:00`)];
    // 15:00 UTC is 23:00 on the 10th in Shanghai; 16:00 UTC is midnight of the 11th.
    expect(day("2026-11-10")).toBe(300);
    expect(day("2026-11-11")).toBe(500);
    expect(day("2026-08-01")).toBe(70_000);
    expect(day("2026-11-20")).toBe(5000 + 20_000);
    expect(sum(days.figures.bytesOut)).toBe(70_000 + 300 + 500 + 5000 + 20_000);
    expect(days.p95Bps).toBeNull();
  });

  it("draws the days of a zone with summer time from its own midnights on either side of the change", async () => {
    await t.database.db.update(sysUser).set({ timeZone: "Europe/Berlin" }).where(eq(sysUser.userName, "nina"));
    try {
      const days = await view("?range=custom&from=2026-07-25&to=2026-11-20");
      expect(days.at).toHaveLength(119);
      // Berlin's midnight is 22:00 UTC in summer, 23:00 UTC after 25 October.
      expect(days.at[pointAt(days, "2026-10-24T22:00:00Z")]).toBeDefined();
      expect(pointAt(days, "2026-10-26T23:00:00Z")).toBe(pointAt(days, "2026-10-24T22:00:00Z") + 2);
      // 15:00 and 16:00 UTC on 10 November are both that day in Berlin.
      expect(days.figures.bytesOut[pointAt(days, "2026-11-09T23:00:00Z")]).toBe(800);
      expect(days.figures.bytesOut[pointAt(days, "2026-07-31T22:00:00Z")]).toBe(70_000);
      expect(days.figures.bytesOut[pointAt(days, "2026-11-19T23:00:00Z")]).toBe(5000 + 20_000);
    } finally {
      await t.database.db.update(sysUser).set({ timeZone: "Asia/Shanghai" }).where(eq(sysUser.userName, "nina"));
    }
  });

  it("refuses a range that ends after today or begins before what is kept, in the reader's language", async () => {
    const late = await get("?range=custom&from=2026-11-20&to=2026-11-25", nina);
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe("Choose a range of days that ends no later than today");
    const backwards = await get("?range=custom&from=2026-11-20&to=2026-11-19", {
      ...nina,
      "accept-language": "zh-TW",
    });
    expect(backwards.statusCode).toBe(400);
    for (const days of ["from=2026-02-31&to=2026-03-02", "from=2026-13-01&to=2026-13-02", "from=2026-11-01"])
      expect((await get(`?range=custom&${days}`, nina)).statusCode).toBe(400);
    const old = await get("?range=custom&from=2020-01-01&to=2020-01-02", nina);
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe("Figures are kept for five years: choose a later start");
  });

  it("shows a package the platform has said nothing about as not reported, in the site's time zone", async () => {
    // Omar has no time zone of his own and no site: the default site's is his.
    await t.database.db.update(sysSite).set({ timeZone: "Asia/Jakarta" }).where(eq(sysSite.isDefault, true));
    const response = await get("", omar, "900000000000000002");
    expect(response.statusCode).toBe(200);
    const empty: UsageSeriesView = response.json().data;
    expect(empty.reported).toBe(false);
    expect(empty.p95Bps).toBe(0);
    expect(empty.committedBps).toBe(50 * MBPS);
    expect(empty.timeZone).toBe("Asia/Jakarta");
  });

  it("adds the last 24 hours' traffic and attacks to the customer's overview", async () => {
    const response = await t.app.inject({ method: "GET", url: "/prod-api/control/overview", headers: nina });
    expect(response.json().data.usage24h).toEqual({ bytesOut: 20_777, requests: 210, wafBlocked: 0, attacks: 1 });
    const other = await t.app.inject({ method: "GET", url: "/prod-api/control/overview", headers: omar });
    expect(other.json().data.usage24h).toEqual({ bytesOut: 0, requests: 0, wafBlocked: 0, attacks: 0 });
  });
});
