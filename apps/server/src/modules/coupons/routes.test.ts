import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizCoupon, bizCouponUse, bizOrder } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await openTestApp();
  for (const name of ["nina", "omar", "lan", "kim"]) {
    await createUser(t.database.db, { userName: name, password: `${name}-pass-12` });
    headers[name] = await signIn(t.app, name, `${name}-pass-12`);
  }
  headers.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const order = (who: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: headers[who],
    payload: {
      product: "ddos",
      configuration: "",
      action: "new",
      payMethod: "offline",
      idempotencyKey: randomUUID(),
      ...payload,
    },
  });

const offers = async (who: string, configuration = "", language = "en") =>
  (
    await t.app.inject({
      url: `/prod-api/order/coupon/describeCoupons?${new URLSearchParams({ product: "ddos", configuration })}`,
      headers: { ...headers[who], "accept-language": language },
    })
  ).json().data as Array<{ code: string; state: string; reason: string | null; deduction: number; name: string }>;

const addCoupon = (code: string, values: Partial<typeof bizCoupon.$inferInsert> = {}) =>
  t.database.db.insert(bizCoupon).values({
    code,
    name: { en: code },
    rule: { kind: "amount", value: 5_000, currency: "CNY" },
    ...values,
  });

const orderCount = async () => (await t.database.db.select().from(bizOrder)).length;

describe("the coupons offered on a price page", () => {
  it("are usable with what they take off, or unavailable with the reason; another currency's are not offered", async () => {
    const list = await offers("nina");
    const byCode = Object.fromEntries(list.map((offer) => [offer.code, offer]));
    expect(byCode.WELCOME100).toMatchObject({ state: "usable", deduction: 10_000, reason: null });
    expect(byCode.ANNUAL10).toMatchObject({ state: "unavailable", reason: "coupon.duration" });
    expect(byCode.RENEW5).toMatchObject({ state: "unavailable", reason: "coupon.action" });
    expect(byCode.PARTNER300).toMatchObject({ state: "unavailable", reason: "coupon.channel" });
    expect(byCode.LOTUS500K).toBeUndefined();
    expect(list[0]?.code).toBe("WELCOME100"); // the usable first
    const yearly = Object.fromEntries((await offers("nina", "duration=year-1")).map((o) => [o.code, o]));
    expect(yearly.ANNUAL10).toMatchObject({ state: "usable" });
    expect((await offers("nina", "", "vi")).find((o) => o.code === "RENEW5")?.name).toBe("Giảm 5% khi gia hạn");
  });

  it("need a session", async () => {
    const response = await t.app.inject({ url: "/prod-api/order/coupon/describeCoupons?product=ddos&configuration=" });
    expect(response.statusCode).toBe(401);
  });
});

describe("a coupon on an order", () => {
  it("is taken off by the server, logged, and cannot be used twice", async () => {
    const first = await order("nina", { couponCode: "WELCOME100" });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      amount: 299_900 - 10_000,
      couponDeduction: 10_000,
      couponCode: "WELCOME100",
    });
    const uses = await t.database.db
      .select()
      .from(bizCouponUse)
      .where(eq(bizCouponUse.orderNo, first.json().data.orderNo));
    expect(uses).toMatchObject([
      { deduction: 10_000, userId: await userIdOf(t.database.db, "nina"), releasedAt: null },
    ]);

    const before = await orderCount();
    const again = await order("nina", { couponCode: "WELCOME100" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      msg: "This coupon cannot be used on this order",
      data: [{ field: "coupon", code: "coupon.used" }],
    });
    expect(await orderCount()).toBe(before);
    expect((await offers("nina")).find((o) => o.code === "WELCOME100")?.state).toBe("used");
  });

  it("comes back when its order is cancelled unpaid", async () => {
    const placed = (await order("omar", { couponCode: "WELCOME100" })).json().data;
    const cancel = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${placed.orderNo}`,
      headers: headers.omar,
    });
    expect(cancel.json().data.status).toBe("closed");
    expect((await offers("omar")).find((o) => o.code === "WELCOME100")?.state).toBe("usable");
    expect((await order("omar", { couponCode: "WELCOME100" })).statusCode).toBe(201);
  });

  it("is refused below its threshold, for a returning customer when meant for new ones, and when unknown", async () => {
    await addCoupon("BIG5000", { rule: { kind: "amount", value: 5_000, currency: "CNY", threshold: 500_000 } });
    const before = await orderCount();
    const below = await order("lan", { couponCode: "BIG5000" });
    expect(below.json().data).toEqual([{ field: "coupon", code: "coupon.threshold", params: { threshold: 500_000 } }]);
    expect((await order("lan", { couponCode: "NOSUCHCODE" })).json().data).toEqual([
      { field: "coupon", code: "coupon.unknown" },
    ]);
    expect(await orderCount()).toBe(before);

    // lan pays an order: no longer a new customer.
    const paid = (await order("lan", {})).json().data;
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${paid.orderNo}`,
      headers: headers.admin,
    });
    expect((await order("lan", { couponCode: "WELCOME100" })).json().data).toEqual([
      { field: "coupon", code: "coupon.newCustomersOnly" },
    ]);
  });

  it("bound to a customer is neither offered to nor usable by anyone else", async () => {
    await addCoupon("FORKIM", { userIds: [await userIdOf(t.database.db, "kim")], listed: false });
    expect((await offers("kim")).some((o) => o.code === "FORKIM")).toBe(true);
    expect((await offers("nina")).some((o) => o.code === "FORKIM")).toBe(false);
    expect((await order("nina", { couponCode: "FORKIM" })).json().data).toEqual([
      { field: "coupon", code: "coupon.unknown" },
    ]);
    expect((await order("kim", { couponCode: "FORKIM" })).statusCode).toBe(201);
  });

  it("with one use left goes to one of two customers ordering at once", async () => {
    await addCoupon("LASTONE", { maxUses: 1 });
    const results = await Promise.all([
      order("omar", { couponCode: "LASTONE" }),
      order("kim", { couponCode: "LASTONE" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400);
    expect(refused?.json().data).toEqual([{ field: "coupon", code: "coupon.exhausted" }]);
    const [coupon] = await t.database.db.select().from(bizCoupon).where(eq(bizCoupon.code, "LASTONE"));
    expect(coupon?.uses).toBe(1);
  });
});
