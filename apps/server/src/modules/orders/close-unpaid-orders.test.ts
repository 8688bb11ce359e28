import { afterAll, beforeAll, expect, it } from "vitest";
import { bizOrder } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { closeStaleOrders } from "./close-unpaid-orders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
});
afterAll(() => t.close());

it("closes orders left unpaid too long, and a closed order can no longer be paid", async () => {
  const nina = await signIn(t.app, "nina", "nina-pass-12");
  const order = async (key: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/prod-api/order/trade/order/createOrder",
        headers: nina,
        payload: { product: "tcp", configuration: "", action: "new", payMethod: "offline", idempotencyKey: key },
      })
    ).json().data.orderNo as string;
  const stale = await order("closer-stale-1");
  const fresh = await order("closer-fresh-1");
  const hour = 3_600_000;
  // An hour from now, with a TTL of 30 minutes: both are stale; with a TTL of 2 hours: none.
  expect(await closeStaleOrders(t.database.db, new Date(Date.now() + hour), 2 * hour)).toBe(0);
  expect(await closeStaleOrders(t.database.db, new Date(Date.now() + hour), hour / 2)).toBe(2);
  expect(await closeStaleOrders(t.database.db, new Date(Date.now() + hour), hour / 2)).toBe(0); // once

  const statuses = (await t.database.db.select().from(bizOrder)).map((row) => [row.orderNo, row.status]);
  expect(statuses).toEqual(
    expect.arrayContaining([
      [stale, "closed"],
      [fresh, "closed"],
    ]),
  );
  const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const paid = await t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/confirmOffline/${stale}`,
    headers: admin,
  });
  expect(paid.statusCode).toBe(409);
  expect(paid.json().msg).toBe("Only an unpaid order can be marked as paid");
});
