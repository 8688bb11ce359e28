import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { addBuckets, addCdnService } from "../../testing/overage-test-data.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { keepMonthUsage } from "../usage/usage-month.ts";

// Mid-December in Shanghai: the month so far, as the operators and the customer see it.
const clock = new Date("2026-12-15T04:00:00Z");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let defaultSiteId = 0;

beforeAll(async () => {
  t = await openTestApp({ now: () => clock, jobSchedules: false });
  const db = t.database.db;
  const [site] = await db
    .update(sysSite)
    .set({ timeZone: "Asia/Shanghai" })
    .where(eq(sysSite.isDefault, true))
    .returning({ siteId: sysSite.siteId });
  defaultSiteId = site!.siteId;
  const userId = await createUser(db, { userName: "lan", password: "Lan-pass-2026x" });
  as.lan = await signIn(t.app, "lan", "Lan-pass-2026x");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.lotus = await signInDemoSiteOperator(t.app, db);
  // Bought on 1 December: 412 Mbps at the 95th percentile so far against 500 Mbps; the other,
  // 150 Mbps against 100 Mbps: in service all 31 days, (150 − 100) × ¥3.00 = ¥150.00 if it stays so.
  const within = await addCdnService(db, {
    name: "lan-within",
    userId,
    bandwidth: 500,
    createdAt: new Date("2026-11-30T16:00:00Z"),
  });
  await addBuckets(db, within.serviceId, "2026-12-02T00:00:00Z", 40, 412);
  const over = await addCdnService(db, {
    name: "lan-over",
    userId,
    bandwidth: 100,
    createdAt: new Date("2026-11-30T16:00:00Z"),
  });
  await addBuckets(db, over.serviceId, "2026-12-03T00:00:00Z", 40, 150);
  // In service since September: October's figures kept (130 Mbps over 8,000 buckets), its
  // 5-minute buckets long gone, the month never billed (no rate then, say).
  const old = await addCdnService(db, {
    name: "lan-october",
    userId,
    bandwidth: 100,
    createdAt: new Date("2026-08-31T16:00:00Z"),
  });
  await keepMonthUsage(
    db,
    old.serviceId,
    { month: "2026-10-01", p95Bps: 130_000_000, samples: 8000, bytesOut: 1 },
    new Date("2026-11-01T03:00:00Z"),
  );
});
afterAll(async () => {
  await t?.close();
});

const overview = (headers: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/prod-api/business/usage/overview${query}`, headers });

describe("Business → Usage", () => {
  it("lists the site's month by overage, projected at the percentile so far", async () => {
    const answer = await overview(as.admin!, "?product=cdn");
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ month: "2026-12-01", siteId: defaultSiteId, currency: "CNY" });
    expect(
      data.rows.map((r: { orderNo: string; p95Bps: number; overage: number; basis: string }) => [
        r.orderNo,
        r.p95Bps,
        r.overage,
        r.basis,
      ]),
    ).toEqual([
      ["OVERAGE-lan-over", 150_000_000, 15_000, "projected"],
      ["OVERAGE-lan-within", 412_000_000, 0, "projected"],
      ["OVERAGE-lan-october", 0, 0, "projected"],
    ]);
    // Each row says the currency its amount is in (the site's, for packages of the site).
    expect(data.rows.map((r: { currency: string }) => r.currency)).toEqual(["CNY", "CNY", "CNY"]);
    expect(data.orders).toEqual([]);
  });

  it("shows an ended month past the 5-minute buckets' retention from its kept figures", async () => {
    const data = (await overview(as.admin!, "?product=cdn&month=2026-10")).json().data;
    const october = data.rows.find((r: { orderNo: string }) => r.orderNo === "OVERAGE-lan-october");
    expect(october).toMatchObject({ p95Bps: 130_000_000, samples: 8000, basis: "unbilled" });
  });

  it("shows an operator bound to a site that site only, and refuses a customer", async () => {
    const bound = (await overview(as.lotus!, `?siteId=${defaultSiteId}`)).json().data;
    expect(bound.siteId).not.toBe(defaultSiteId);
    expect(bound.sites).toHaveLength(1);
    expect(bound.rows).toEqual([]);
    expect((await overview(as.lan!)).statusCode).toBe(403);
  });
});

describe("My services", () => {
  it("says this month's use against the package, and the overage it would cost", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: "/prod-api/order/mall/product/myServices?pageNum=1&pageSize=10",
      headers: as.lan,
    });
    const rows = answer.json().rows as { orderNo: string; usage: Record<string, unknown> }[];
    const usage = Object.fromEntries(rows.map((row) => [row.orderNo, row.usage]));
    expect(usage["OVERAGE-lan-within"]).toMatchObject({
      month: "2026-12-01",
      p95Bps: 412_000_000,
      committedMbps: 500,
      projectedOverage: 0,
    });
    expect(usage["OVERAGE-lan-over"]).toMatchObject({ p95Bps: 150_000_000, projectedOverage: 15_000, rate: 300 });
  });
});
