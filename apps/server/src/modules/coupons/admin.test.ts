import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizCoupon } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const input = (over: Record<string, unknown> = {}) => ({
  code: "SPRING20",
  name: { en: "20% off in spring", vi: "Giảm 20% mùa xuân" },
  kind: "percent",
  value: 20,
  products: ["waf"],
  validFrom: "2027-03-01T00:00:00.000Z",
  validUntil: "2027-05-31T23:59:59.000Z",
  perCustomer: 1,
  ...over,
});
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const couponCount = async () => (await t.database.db.select().from(bizCoupon)).length;

describe("the operators' coupons", () => {
  it("are created, listed, changed (all but the code) and removed while unused", async () => {
    const created = await call("POST", "/prod-api/order/coupon", as.admin!, input());
    expect(created.statusCode).toBe(200);
    const coupon = created.json().data;
    expect(coupon).toMatchObject({ code: "SPRING20", kind: "percent", value: 20, uses: 0, status: "active" });

    const listed = (await call("GET", "/prod-api/order/coupon/list?code=spring", as.admin!)).json();
    expect(listed).toMatchObject({ total: 1, rows: [{ code: "SPRING20" }] });

    const changed = await call(
      "PUT",
      `/prod-api/order/coupon/${coupon.couponId}`,
      as.admin!,
      input({ code: "SOMETHINGELSE", value: 25, status: "disabled" }),
    );
    expect(changed.json().data).toMatchObject({ code: "SPRING20", value: 25, status: "disabled" });

    expect((await call("DELETE", `/prod-api/order/coupon/${coupon.couponId}`, as.admin!)).statusCode).toBe(200);
    expect((await call("DELETE", `/prod-api/order/coupon/${coupon.couponId}`, as.admin!)).statusCode).toBe(404);
  });

  it("refuses a rule the engine cannot use, and a code that exists, writing nothing", async () => {
    const before = await couponCount();
    const invalid = await call(
      "POST",
      "/prod-api/order/coupon",
      { ...as.admin!, "accept-language": "zh-CN" },
      input({ code: "BROKEN1", kind: "amount", value: 500, validUntil: "2027-01-01T00:00:00.000Z" }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ msg: "优惠券规则不完整，请修改标出的字段" });
    expect(invalid.json().data.map((p: { field: string }) => p.field)).toEqual(["currency", "validUntil"]);
    expect((await call("POST", "/prod-api/order/coupon", as.admin!, input({ code: "welcome100" }))).statusCode).toBe(
      409,
    );
    expect(
      (await call("POST", "/prod-api/order/coupon", as.admin!, input({ code: "BAD CODE; DROP" }))).statusCode,
    ).toBe(400);
    expect(await couponCount()).toBe(before);
  });

  it("keeps a coupon that orders used: it can only be disabled", async () => {
    await call("POST", "/prod-api/order/trade/order/createOrder", as.nina!, {
      product: "ddos",
      configuration: "",
      action: "new",
      payMethod: "offline",
      couponCode: "WELCOME100",
      idempotencyKey: randomUUID(),
    });
    const [welcome] = await t.database.db.select().from(bizCoupon).where(eq(bizCoupon.code, "WELCOME100"));
    const removal = await call("DELETE", `/prod-api/order/coupon/${welcome!.couponId}`, as.admin!);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().msg).toBe("This coupon has been used on orders, so it is kept; disable it instead");
  });

  it("of a site's operator are that site's channel only", async () => {
    const own = (await call("GET", "/prod-api/order/coupon/list", as.lotus!)).json();
    expect(own.rows.map((c: { code: string }) => c.code)).toEqual(["LOTUS500K"]);
    const created = await call(
      "POST",
      "/prod-api/order/coupon",
      as.lotus!,
      input({ code: "LOTUSWAF", agentCodes: ["PARTNER"] }),
    );
    expect(created.json().data.agentCodes).toEqual(["LOTUS"]); // whatever was asked
    const [welcome] = await t.database.db.select().from(bizCoupon).where(eq(bizCoupon.code, "WELCOME100"));
    expect(
      (await call("PUT", `/prod-api/order/coupon/${welcome!.couponId}`, as.lotus!, input({ code: "WELCOME100" })))
        .statusCode,
    ).toBe(404);
  });

  it("are not for customers", async () => {
    expect((await call("GET", "/prod-api/order/coupon/list", as.nina!)).statusCode).toBe(403);
    expect((await call("POST", "/prod-api/order/coupon", as.nina!, input({ code: "MINE" }))).statusCode).toBe(403);
  });
});
