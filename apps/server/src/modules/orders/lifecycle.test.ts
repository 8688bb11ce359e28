import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder, bizService } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
let nina: Record<string, string>;
let omar: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  await createUser(t.database.db, { userName: "omar", password: "omar-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
  omar = await signIn(t.app, "omar", "omar-pass-12");
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const create = async (payload: Record<string, unknown> = {}) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: nina,
      payload: {
        product: "cdn",
        configuration: "",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
        ...payload,
      },
    })
  ).json().data as { orderNo: string };

const move = (action: string, orderNo: string, headers = admin, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/${action}/${orderNo}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const statusOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]?.status;
const serviceOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo)))[0];

describe("an order's states", () => {
  it("unpaid → paid starts a service; paid → refunded ends it; nothing moves twice", async () => {
    const { orderNo } = await create({ configuration: "duration=month-3" });
    expect(await serviceOf(orderNo)).toBeUndefined();
    expect((await move("confirmOffline", orderNo)).statusCode).toBe(200);
    const started = await serviceOf(orderNo);
    const months = (started!.expiresAt.getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(3);

    const refund = await move("refundOrder", orderNo, admin, { note: "duplicate purchase" });
    expect(refund.json().data.status).toBe("refunded");
    expect((await serviceOf(orderNo))!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const service = await t.app.inject({
      url: `/prod-api/order/mall/product/describeUpgradeProductByOid/${orderNo}`,
      headers: nina,
    });
    expect(service.json().data.state).toBe("expired");

    const again = await move("refundOrder", orderNo, { ...admin, "accept-language": "zh-CN" });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe("只有已支付的订单才能退款");
    expect((await move("closeOrder", orderNo)).statusCode).toBe(409);
    expect((await move("confirmOffline", orderNo)).statusCode).toBe(409);
    expect(await statusOf(orderNo)).toBe("refunded");
  });

  it("a refunded renewal takes its period back off the expiry; a refunded upgrade restores the package", async () => {
    const { orderNo } = await create({ configuration: "bandwidth=100" });
    await move("confirmOffline", orderNo);
    const start = (await serviceOf(orderNo))!;
    const renewal = await create({ action: "renew", serviceOrderNo: orderNo, configuration: "duration=month-1" });
    await move("confirmOffline", renewal.orderNo);
    expect((await serviceOf(orderNo))!.expiresAt.getTime()).toBeGreaterThan(start.expiresAt.getTime());
    await move("refundOrder", renewal.orderNo);
    expect((await serviceOf(orderNo))!.expiresAt.toISOString()).toBe(start.expiresAt.toISOString());

    const upgrade = await create({ action: "upgrade", serviceOrderNo: orderNo, configuration: "bandwidth=200" });
    await move("confirmOffline", upgrade.orderNo);
    expect((await serviceOf(orderNo))!.configuration.quantities.bandwidth).toBe(200);
    await move("refundOrder", upgrade.orderNo);
    expect((await serviceOf(orderNo))!.configuration.quantities.bandwidth).toBe(100);
  });

  it("an operator closes an unpaid order with a note; who did it is recorded", async () => {
    const { orderNo } = await create();
    expect((await move("closeOrder", orderNo, nina)).statusCode).toBe(403);
    const closed = await move("closeOrder", orderNo, admin, { note: "customer chose another package" });
    expect(closed.json().data.status).toBe("closed");
    const [row] = await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo));
    expect(row).toMatchObject({ handledBy: "admin", handledNote: "customer chose another package" });
    expect((await move("closeOrder", orderNo)).json().msg).toBe("Only an unpaid order can be closed or cancelled");
    expect((await move("closeOrder", orderNo, admin, { note: 42 })).statusCode).toBe(400);
  });

  it("a customer cancels their own unpaid order only", async () => {
    const { orderNo } = await create();
    expect((await move("cancelOrder", orderNo, omar)).statusCode).toBe(404);
    expect(await statusOf(orderNo)).toBe("unpaid");
    expect((await move("cancelOrder", orderNo, nina)).json().data.status).toBe("closed");
    expect((await move("cancelOrder", orderNo, nina)).statusCode).toBe(409);
    expect((await move("refundOrder", orderNo, nina)).statusCode).toBe(403);
  });
});
