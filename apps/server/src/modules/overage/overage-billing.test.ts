import { overageAmount, overageTotal } from "@rampart/pricing";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizOrder, bizService, bizUsageMonth, sysSite } from "../../db/schema.ts";
import { createUser } from "../../testing/accounts.ts";
import { addBuckets, addCdnService, upgradeCdnService } from "../../testing/overage-test-data.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import { OrderStore } from "../orders/order-store.ts";
import { billOverages, type OverageDeps } from "./overage-billing.ts";

// The site bills in Shanghai's calendar: November there runs from 16:00 UTC on 31 October to
// 16:00 UTC on 30 November.
const MBPS = 1_000_000;
let database: Database;
let deps: OverageDeps;
let userId = 0;
const services: Record<string, number> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .update(sysSite)
    .set({ timeZone: "Asia/Shanghai", currency: "CNY" })
    .where(eq(sysSite.isDefault, true));
  userId = await createUser(database.db, { userName: "overage-buyer", password: "Overage-pass-2026" });
  const db = database.db;
  const log = { info() {}, warn() {}, error() {} } as never;
  deps = { db: database.db, priceLists: new PriceLists(database, 0), orders: new OrderStore(database.db), log };
  // Bought on 11 November at 10:00 in Shanghai: in service 20 of November's 30 days. 94 buckets of
  // 120 Mbps and 6 of 137.5 Mbps: the 95th of 100 sorted peaks (nearest rank) is 137.5 Mbps.
  services.over = (
    await addCdnService(db, { name: "over", userId, bandwidth: 100, createdAt: new Date("2026-11-11T02:00:00Z") })
  ).serviceId;
  await addBuckets(db, services.over, "2026-11-20T00:00:00Z", 94, 120);
  await addBuckets(db, services.over, "2026-11-25T00:00:00Z", 6, 137.5);
  // December 1st in Shanghai, though still November in UTC: 20 buckets of 900 Mbps that November's
  // percentile must not see (with them it would be 900 Mbps).
  await addBuckets(db, services.over, "2026-11-30T16:00:00Z", 20, 900);
  // Under its commitment all month.
  services.under = (
    await addCdnService(db, { name: "under", userId, bandwidth: 200, createdAt: new Date("2026-10-01T00:00:00Z") })
  ).serviceId;
  await addBuckets(db, services.under, "2026-11-10T00:00:00Z", 50, 180);
});
afterAll(async () => {
  await database?.close();
});

const overageOrders = (serviceId: number) =>
  database.db
    .select()
    .from(bizOrder)
    .innerJoin(bizService, eq(bizService.orderNo, bizOrder.serviceOrderNo))
    .where(and(eq(bizService.serviceId, serviceId), eq(bizOrder.action, "overage")));

describe("burstable billing", () => {
  it("bills nothing before the month has ended in the site's time zone (and settled)", async () => {
    // 17:00 UTC on 30 November is 1:00 on 1 December in Shanghai: November ended an hour ago.
    expect((await billOverages(deps, new Date("2026-11-30T17:00:00Z"))).billed).toBe(0);
    expect(await overageOrders(services.over!)).toEqual([]);
  });

  it("places one overage order per package and month however many runs race", async () => {
    const at = new Date("2026-11-30T19:00:00Z");
    const runs = await Promise.all([1, 2, 3, 4].map(() => billOverages(deps, at)));
    expect(runs.reduce((sum, run) => sum + run.billed, 0)).toBe(1);
    expect((await billOverages(deps, new Date("2026-12-03T09:00:00Z"))).billed).toBe(0);
    const orders = await overageOrders(services.over!);
    expect(orders).toHaveLength(1);
    const order = orders[0]!.biz_order;
    // (137.5 − 100) Mbps × ¥3.00 × 20 / 30 days = ¥75.00.
    expect(order.amount).toBe(7500);
    expect(order.status).toBe("unpaid");
    expect(order.configuration.overage).toEqual({
      month: "2026-11-01",
      p95Bps: 137_500_000,
      committedMbps: 100,
      days: 20,
      monthDays: 30,
      rate: 300,
      currency: "CNY",
    });
    // Computed again from the order alone, the same amount.
    expect(overageAmount(order.configuration.overage!)).toBe(order.amount);
    const [month] = await database.db.select().from(bizUsageMonth).where(eq(bizUsageMonth.serviceId, services.over!));
    expect(month).toMatchObject({
      month: "2026-11-01",
      p95Bps: 137_500_000,
      samples: 100,
      overageOrderNo: order.orderNo,
    });
  });

  it("bills nothing for a package under its commitment, whose month is kept all the same", async () => {
    expect(await overageOrders(services.under!)).toEqual([]);
    // (Its October was taken by the first run, at 1:00 on 1 November in Shanghai: without figures.)
    const [month] = await database.db
      .select()
      .from(bizUsageMonth)
      .where(and(eq(bizUsageMonth.serviceId, services.under!), eq(bizUsageMonth.month, "2026-11-01")));
    expect(month).toMatchObject({ month: "2026-11-01", p95Bps: 180 * MBPS, overageOrderNo: null });
  });

  it("is paid like any order, and paying it leaves the package as it was", async () => {
    const order = (await overageOrders(services.over!))[0]!.biz_order;
    const [before] = await database.db.select().from(bizService).where(eq(bizService.serviceId, services.over!));
    const paid = await transitionOrder(database.db, "pay", {
      orderNo: order.orderNo,
      now: new Date("2026-12-04T00:00:00Z"),
    });
    expect(paid.ok).toBe(true);
    const [after] = await database.db.select().from(bizService).where(eq(bizService.serviceId, services.over!));
    expect(after!.expiresAt).toEqual(before!.expiresAt);
    expect(after!.configuration).toEqual(before!.configuration);
  });
});

// December in Shanghai: from 16:00 UTC on 30 November to 16:00 UTC on 31 December, 31 days.
describe("the commitment billed against", () => {
  const orderNos: Record<string, string> = {};
  beforeAll(async () => {
    const db = database.db;
    const since = new Date("2026-10-01T00:00:00Z");
    // 100 Mbps until 15 December, 10:00 in Shanghai (an upgrade to 500 Mbps paid then): 300 Mbps at
    // the 95th percentile before it, 400 Mbps after it.
    const upgraded = await addCdnService(db, { name: "upgraded", userId, bandwidth: 100, createdAt: since });
    services.upgraded = upgraded.serviceId;
    await addBuckets(db, upgraded.serviceId, "2026-12-05T00:00:00Z", 100, 300);
    await upgradeCdnService(db, {
      orderNo: upgraded.orderNo,
      userId,
      bandwidth: 500,
      paidAt: new Date("2026-12-15T02:00:00Z"),
    });
    await addBuckets(db, upgraded.serviceId, "2026-12-20T00:00:00Z", 100, 400);
    // 150 Mbps all December against 100 Mbps; upgraded after December ended, before it is billed.
    const settling = await addCdnService(db, { name: "settling", userId, bandwidth: 100, createdAt: since });
    services.settling = settling.serviceId;
    orderNos.settling = settling.orderNo;
    await addBuckets(db, settling.serviceId, "2026-12-10T00:00:00Z", 100, 150);
    // 300 Mbps all December; upgraded to 500 Mbps on 10 December, the upgrade refunded on 20 December.
    const refunded = await addCdnService(db, { name: "refunded", userId, bandwidth: 100, createdAt: since });
    services.refunded = refunded.serviceId;
    for (const day of ["05", "15", "25"]) await addBuckets(db, refunded.serviceId, `2026-12-${day}T00:00:00Z`, 50, 300);
    await upgradeCdnService(db, {
      orderNo: refunded.orderNo,
      userId,
      bandwidth: 500,
      paidAt: new Date("2026-12-10T02:00:00Z"),
    });
    const refund = await transitionOrder(db, "refund", {
      orderNo: `${refunded.orderNo}-UP-500`,
      now: new Date("2026-12-20T02:00:00Z"),
    });
    expect(refund.ok).toBe(true);
  });

  const overageOf = async (serviceId: number, month: string) =>
    (await overageOrders(serviceId))
      .map((row) => row.biz_order)
      .find((order) => order.configuration.overage?.month === month);

  it("is the one in force during each part of the month, an upgrade after the month changing nothing of it", async () => {
    // Half an hour after December ended in Shanghai: not settled yet.
    await billOverages(deps, new Date("2026-12-31T16:30:00Z"));
    expect(await overageOf(services.upgraded!, "2026-12-01")).toBeUndefined();
    // An hour after it ended, before it is billed: the package is upgraded to 500 Mbps.
    await upgradeCdnService(database.db, {
      orderNo: orderNos.settling!,
      userId,
      bandwidth: 500,
      paidAt: new Date("2026-12-31T17:00:00Z"),
    });
    await billOverages(deps, new Date("2026-12-31T19:00:00Z"));

    // 1–14 December at 100 Mbps: (300 − 100) Mbps × ¥3.00 × 14 / 31 days = ¥270.97 (rounded up);
    // 15–31 December at 500 Mbps: 400 Mbps is within it. Only the first part is billed.
    const upgraded = await overageOf(services.upgraded!, "2026-12-01");
    expect(upgraded!.amount).toBe(27_097);
    expect(upgraded!.configuration.overage).toEqual({
      month: "2026-12-01",
      p95Bps: 400 * MBPS,
      committedMbps: 500,
      days: 31,
      monthDays: 31,
      rate: 300,
      currency: "CNY",
      parts: [
        { from: "2026-12-01", until: "2026-12-14", p95Bps: 300 * MBPS, committedMbps: 100, days: 14, rate: 300 },
        { from: "2026-12-15", until: "2026-12-31", p95Bps: 400 * MBPS, committedMbps: 500, days: 17, rate: 300 },
      ],
    });
    // Computed again from the order alone, the same amount.
    expect(overageTotal(upgraded!.configuration.overage!)).toBe(upgraded!.amount);
    // The parts are kept with the month, as billed.
    const [kept] = await database.db
      .select()
      .from(bizUsageMonth)
      .where(and(eq(bizUsageMonth.serviceId, services.upgraded!), eq(bizUsageMonth.month, "2026-12-01")));
    expect(kept).toMatchObject({ p95Bps: 400 * MBPS, overageOrderNo: upgraded!.orderNo });
    expect(kept!.parts).toEqual([
      { from: "2026-12-01", until: "2026-12-14", p95Bps: 300 * MBPS, samples: 100, days: 14 },
      { from: "2026-12-15", until: "2026-12-31", p95Bps: 400 * MBPS, samples: 100, days: 17 },
    ]);

    // Upgraded during the settling hours: December is billed against the 100 Mbps it had, whole.
    const settling = await overageOf(services.settling!, "2026-12-01");
    expect(settling!.amount).toBe(15_000);
    expect(settling!.configuration.overage).toEqual({
      month: "2026-12-01",
      p95Bps: 150 * MBPS,
      committedMbps: 100,
      days: 31,
      monthDays: 31,
      rate: 300,
      currency: "CNY",
    });
    const [now] = await database.db.select().from(bizService).where(eq(bizService.serviceId, services.settling!));
    expect(now!.configuration.quantities.bandwidth).toBe(500);

    // An upgrade refunded: 100 Mbps again from the day of the refund. 1–9 and 20–31 December are
    // billed against 100 Mbps: 200 × ¥3.00 × 9 / 31 = ¥174.20 and 200 × ¥3.00 × 12 / 31 = ¥232.26
    // (each rounded up); 10–19 December, at 500 Mbps, not.
    const refunded = await overageOf(services.refunded!, "2026-12-01");
    expect(refunded!.amount).toBe(17_420 + 23_226);
    expect(
      refunded!.configuration.overage!.parts!.map((p) => [p.from, p.until, p.committedMbps, p.p95Bps / MBPS, p.days]),
    ).toEqual([
      ["2026-12-01", "2026-12-09", 100, 300, 9],
      ["2026-12-10", "2026-12-19", 500, 300, 10],
      ["2026-12-20", "2026-12-31", 100, 300, 12],
    ]);
  });
});

describe("a package of no site", () => {
  beforeAll(async () => {
    const db = database.db;
    const since = new Date("2026-10-01T00:00:00Z");
    // The demo site counts its months in Ho Chi Minh City (UTC+7) and sells in VND.
    const [demo] = await db
      .update(sysSite)
      .set({ timeZone: "Asia/Ho_Chi_Minh" })
      .where(ne(sysSite.isDefault, true))
      .returning({ siteId: sysSite.siteId });
    // First bought on the demo site in VND: 150 Mbps in its December, and an hour of 900 Mbps on
    // 30 November from 16:00 UTC (December in Shanghai, still November in Ho Chi Minh City).
    const lotus = await addCdnService(db, {
      name: "siteless-lotus",
      userId,
      bandwidth: 100,
      createdAt: since,
      orderSiteId: demo!.siteId,
      serviceSiteId: null,
      currency: "VND",
    });
    services.lotus = lotus.serviceId;
    await addBuckets(db, lotus.serviceId, "2026-12-10T00:00:00Z", 100, 150);
    await addBuckets(db, lotus.serviceId, "2026-11-30T16:00:00Z", 12, 900);
    // First bought in VND with no site at all: the default site's calendar (Shanghai), in which
    // the hour of 900 Mbps from 16:00 UTC on 31 December is January already.
    const bare = await addCdnService(db, {
      name: "siteless-bare",
      userId,
      bandwidth: 100,
      createdAt: since,
      orderSiteId: null,
      serviceSiteId: null,
      currency: "VND",
    });
    services.bare = bare.serviceId;
    await addBuckets(db, bare.serviceId, "2026-12-10T00:00:00Z", 100, 150);
    await addBuckets(db, bare.serviceId, "2026-12-31T16:00:00Z", 12, 900);
  });

  it("is billed in its first order's currency, by its first order's site's calendar", async () => {
    // Ho Chi Minh City's December ends at 17:00 UTC on 31 December: settled at 19:00.
    await billOverages(deps, new Date("2026-12-31T19:00:00Z"));
    for (const serviceId of [services.lotus!, services.bare!]) {
      const orders = (await overageOrders(serviceId)).map((row) => row.biz_order);
      expect(orders).toHaveLength(1);
      // (150 − 100) Mbps × 11,000 ₫ (the VND list's CDN mainland rate) × 31 / 31 days.
      expect(orders[0]).toMatchObject({ currency: "VND", amount: 550_000, siteId: null });
      expect(orders[0]!.configuration.overage).toMatchObject({
        month: "2026-12-01",
        p95Bps: 150 * MBPS,
        rate: 11_000,
        currency: "VND",
      });
    }
  });
});
