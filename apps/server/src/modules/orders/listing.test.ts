import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder, sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const placed: Record<string, string[]> = { nina: [], le_van: [] };
beforeAll(async () => {
  t = await openTestApp();
  const [demo] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  await createUser(t.database.db, { userName: "le_van", password: "levan-pass-12", siteId: demo!.siteId });
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  // Accounts of the demo brand sign in on its domain.
  as.levan = await signIn(t.app, "le_van", "levan-pass-12", { host: "demo.localhost" });
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // Nina buys on the default site (three orders), Le Van on the demo brand (two).
  for (const [who, host, times] of [
    ["nina", "localhost", 3],
    ["le_van", "demo.localhost", 2],
  ] as const) {
    for (let i = 0; i < times; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/order/trade/order/createOrder",
        headers: { ...(who === "nina" ? as.nina : as.levan), host },
        payload: {
          product: i === 0 ? "waf" : "cdn",
          configuration: "",
          action: "new",
          payMethod: "offline",
          idempotencyKey: randomUUID(),
        },
      });
      placed[who]!.push(response.json().data.orderNo);
    }
  }
});
afterAll(() => t.close());

const list = (headers: Record<string, string>, query = "") =>
  t.app.inject({ url: `/prod-api/order/trade/order/list?${query}`, headers });

describe("the operators' order list", () => {
  it("shows an administrator every order, newest first, a page at a time", async () => {
    const all = (await list(as.admin!)).json();
    expect(all).toMatchObject({ code: 200, total: 5 });
    expect(all.rows[0]).toMatchObject({ orderNo: placed.le_van![1], userName: "le_van", agentCode: "LOTUS" });
    const second = (await list(as.admin!, "pageNum=2&pageSize=10")).json();
    expect(second).toMatchObject({ total: 5, rows: [] });
    expect((await list(as.admin!, "pageSize=15")).statusCode).toBe(400);
  });

  it("filters by customer (as typed, wildcards included), order number, product, status and day", async () => {
    const rows = async (query: string) =>
      (await list(as.admin!, query)).json().rows.map((r: { orderNo: string }) => r.orderNo);
    expect(await rows("userName=LE_VAN")).toEqual([...placed.le_van!].reverse());
    // The count follows the filter (a customer's name is counted through the join to users).
    expect((await list(as.admin!, "userName=nina")).json().total).toBe(3);
    expect((await list(as.admin!, "product=cdn")).json().total).toBe(3);
    expect(await rows("userName=_")).toHaveLength(2); // a _ in the box is a _, not "any character"
    expect(await rows("userName=%25")).toEqual([]); // nor is a % "anything"
    expect(await rows(`orderNo=${placed.nina![0]}`)).toEqual([placed.nina![0]]);
    expect(await rows("product=waf")).toHaveLength(2);
    expect(await rows("status=paid")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await rows(`beginTime=${today}&endTime=${today}`)).toHaveLength(5);
    expect(await rows("endTime=2020-01-01")).toEqual([]);
    expect((await list(as.admin!, "status=gone")).statusCode).toBe(400);
    expect((await list(as.admin!, "orderNo=1%27%20or%201=1")).statusCode).toBe(400);
  });

  it("shows an operator bound to a site that site's orders only, and lets them change no other", async () => {
    const own = (await list(as.lotus!)).json();
    expect(own.total).toBe(2);
    expect(own.rows.every((r: { agentCode: string }) => r.agentCode === "LOTUS")).toBe(true);
    const confirm = (orderNo: string) =>
      t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`, headers: as.lotus });
    expect((await confirm(placed.nina![0]!)).statusCode).toBe(404);
    const [ninas] = await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, placed.nina![0]!));
    expect(ninas?.status).toBe("unpaid");
    expect((await confirm(placed.le_van![0]!)).json().data.status).toBe("paid");
  });

  it("is not for customers, who see their own orders in myOrders", async () => {
    expect((await list(as.nina!)).statusCode).toBe(403);
    const mine = (await t.app.inject({ url: "/prod-api/order/trade/order/myOrders", headers: as.nina })).json();
    expect(mine.total).toBe(3);
    expect(mine.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([...placed.nina!].reverse());
  });

  it("lists a customer's services, soonest expiry first, with a renewal waiting for payment", async () => {
    const services = () => t.app.inject({ url: "/prod-api/order/mall/product/myServices", headers: as.nina });
    expect((await services()).json()).toMatchObject({ total: 0, rows: [] });
    const [first, second] = placed.nina!;
    for (const orderNo of [second, first]) {
      const paid = await t.app.inject({
        method: "POST",
        url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
        headers: as.admin,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: as.nina,
      payload: {
        product: "waf",
        configuration: "duration=month-1",
        action: "renew",
        serviceOrderNo: first,
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    const listed = (await services()).json();
    expect(listed.total).toBe(2);
    expect(listed.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([second, first]);
    expect(listed.rows[1]).toMatchObject({ product: "waf", state: "active", unpaidChange: true });
    const others = (await t.app.inject({ url: "/prod-api/order/mall/product/myServices", headers: as.levan })).json();
    expect(others.rows.every((r: { orderNo: string }) => !placed.nina!.includes(r.orderNo))).toBe(true);
  });
});
