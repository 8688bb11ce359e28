import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder, bizService, sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

const DAY_MS = 86_400_000;
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const nina: string[] = [];
let levanOrder = "";

const order = async (headers: Record<string, string>, host: string, configuration: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: { ...headers, host },
    payload: { product: "cdn", configuration, action: "new", payMethod: "offline", idempotencyKey: randomUUID() },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.orderNo as string;
};
const confirm = (orderNo: string) =>
  t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`, headers: as.admin });
const apply = (host: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/lead/apply",
    headers: { host },
    remoteAddress: ip,
    payload: {
      name: "Tran Thi Mai",
      email: "mai@example.com",
      phone: "+84 912 345 678",
      address: "1 Le Loi, Hanoi",
      content: "We need DDoS protection for our game servers.",
      product: "ddos",
    },
  });
const dashboard = async (headers: Record<string, string>, query = "") => {
  const response = await t.app.inject({ url: `/prod-api/control/dashboard?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const total = (series: number[]) => series.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  const [demo] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(t.database.db, { userName: "le_van", password: "levan-pass-12", siteId: demo!.siteId });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.levan = await signIn(t.app, "le_van", "levan-pass-12", { host: "demo.localhost" });
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  // Nina: two packages paid (100 and 200 Mbps), one order left unpaid; Le Van: one paid on the demo brand.
  nina.push(await order(as.nina, "localhost", "bandwidth=100"));
  nina.push(await order(as.nina, "localhost", "bandwidth=200"));
  nina.push(await order(as.nina, "localhost", ""));
  levanOrder = await order(as.levan, "demo.localhost", "");
  for (const orderNo of [nina[0]!, nina[1]!, levanOrder]) expect((await confirm(orderNo)).statusCode).toBe(200);
  expect((await apply("localhost", "10.0.0.1")).statusCode).toBe(200);
  expect((await apply("demo.localhost", "10.0.0.2")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("GET /prod-api/control/dashboard", () => {
  it("shows a customer their own orders, revenue, status mix and bandwidth in force, and no leads", async () => {
    const data = await dashboard(as.nina!);
    expect(data.scope).toBe("own");
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(total(data.ordersPerDay)).toBe(3);
    expect(data.ordersPerDay.at(-1)).toBe(3);
    expect(total(data.paidPerDay)).toBe(2);
    expect(data.leadsPerDay).toBeNull();
    const paid = await t.database.db
      .select()
      .from(bizOrder)
      .where(inArray(bizOrder.orderNo, nina.slice(0, 2)));
    expect(data.revenue).toEqual([{ product: "cdn", currency: "CNY", amount: paid[0]!.amount + paid[1]!.amount }]);
    expect(data.statusMix).toEqual([
      { status: "paid", count: 2 },
      { status: "unpaid", count: 1 },
    ]);
    // 100 + 200 Mbps in force today, as bits per second.
    expect(data.bandwidthPerDay.at(-1)).toBe(300_000_000);
    expect(data.bandwidthPerDay[0]).toBe(0);
  });

  it("shows an administrator every site's orders and leads, and a site's operator only that site's", async () => {
    const all = await dashboard(as.admin!);
    expect(all.scope).toBe("all");
    expect(total(all.ordersPerDay)).toBe(4);
    expect(total(all.leadsPerDay)).toBe(2);
    expect(all.statusMix).toEqual([
      { status: "paid", count: 3 },
      { status: "unpaid", count: 1 },
    ]);
    const site = await dashboard(as.lotus!);
    expect(site.scope).toBe("site");
    expect(total(site.ordersPerDay)).toBe(1);
    expect(total(site.leadsPerDay)).toBe(1);
    expect(site.revenue).toHaveLength(1);
    expect(site.revenue[0].currency).toBe("VND");
  });

  it("counts each order on the viewer's own day, and only within the window", async () => {
    // The unpaid order placed 23:30 UTC three days ago, and a package that ended 40 days ago.
    const startOfToday = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const late = new Date(startOfToday - 2 * DAY_MS - 30 * 60_000);
    await t.database.db.update(bizOrder).set({ createdAt: late }).where(eq(bizOrder.orderNo, nina[2]!));
    const ended = new Date(Date.now() - 40 * DAY_MS);
    await t.database.db
      .update(bizService)
      .set({ createdAt: new Date(ended.getTime() - 30 * DAY_MS), expiresAt: ended })
      .where(eq(bizService.orderNo, nina[1]!));
    for (const utcOffset of [0, 60, -600]) {
      const data = await dashboard(as.nina!, `utcOffset=${utcOffset}`);
      const localDay = new Date(late.getTime() + utcOffset * 60_000).toISOString().slice(0, 10);
      expect(data.ordersPerDay[data.days.indexOf(localDay)]).toBe(1);
      expect(data.bandwidthPerDay.at(-1)).toBe(100_000_000);
    }
    const week = await dashboard(as.nina!, "days=7");
    expect(week.days).toHaveLength(7);
    expect(total(week.ordersPerDay)).toBe(3);
  });

  it("refuses a window it does not draw, and callers without a session", async () => {
    const bad = await t.app.inject({ url: "/prod-api/control/dashboard?days=1000", headers: as.nina });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe("Number of days must be at most 90");
    expect((await t.app.inject({ url: "/prod-api/control/dashboard" })).statusCode).toBe(401);
  });
});
