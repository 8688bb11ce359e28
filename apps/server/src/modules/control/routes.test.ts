import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
});
afterAll(() => t.close());

const overview = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/prod-api/control/overview", headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe("GET /prod-api/control/overview", () => {
  it("shows a customer their own sign-ins and sessions, and nothing of the platform", async () => {
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/admin/login",
      payload: { username: "nina", password: "nope" },
    });
    await signIn(t.app, "nina", "nina-pass-12");
    const auth = await signIn(t.app, "nina", "nina-pass-12");
    const data = await overview(auth);
    expect(data.activeSessions).toBe(2);
    expect(data.logins30d).toEqual({ succeeded: 2, failed: 1 });
    expect(data.recentLogins).toHaveLength(3);
    expect(data.recentLogins[0].success).toBe(true);
    expect(data.lastLogin.ip).toBe("127.0.0.1");
    expect(data.platform).toBeUndefined();
  });

  it("adds the platform's figures for an administrator", async () => {
    const data = await overview(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD));
    expect(data.platform).toEqual({ operators: 1, customers: 1, sites: 2, onlineSessions: 3 });
  });

  it("counts a customer's packages, those ending within 30 days, and unpaid orders", async () => {
    const nina = await signIn(t.app, "nina", "nina-pass-12");
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    expect((await overview(nina)).business).toEqual({ services: 0, expiringSoon: 0, unpaidOrders: 0 });
    const order = async (configuration: string, key: string) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/prod-api/order/trade/order/createOrder",
          headers: nina,
          payload: { product: "cdn", configuration, action: "new", payMethod: "offline", idempotencyKey: key },
        })
      ).json().data.orderNo as string;
    const weekly = await order("duration=day-7", "overview-weekly");
    const yearly = await order("duration=year-1", "overview-yearly");
    await order("", "overview-unpaid");
    for (const orderNo of [weekly, yearly])
      await t.app.inject({
        method: "POST",
        url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
        headers: admin,
      });
    expect((await overview(nina)).business).toEqual({ services: 2, expiringSoon: 1, unpaidOrders: 1 });
  });

  it("needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/prod-api/control/overview" })).statusCode).toBe(401);
  });
});
