import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder, bizPayNotify, bizService } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AlipayStandIn } from "../../testing/alipay-stand-in.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { closeStaleOrders } from "../orders/close-unpaid-orders.ts";
import { AlipayChannel, alipayAmount, parseAlipayAmount } from "./alipay-channel.ts";
import { orderPayments } from "./order-payments.ts";
import { PaymentChannels } from "./payment-channel.ts";

const gateway = new AlipayStandIn();
let t: TestApp;
let nina: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  await gateway.start();
  t = await openTestApp({ alipay: gateway.settings() });
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await gateway.stop();
});

/** An unpaid DDoS order (¥2,999.00) for Alipay. */
async function alipayOrder(): Promise<{ orderNo: string; amount: string }> {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: nina,
    payload: { product: "ddos", configuration: "", action: "new", payMethod: "alipay", idempotencyKey: randomUUID() },
  });
  const order = response.json().data;
  return { orderNo: order.orderNo, amount: alipayAmount(order.amount) };
}

const notify = (fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/pay/notify/alipay",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]!;
const notifications = async (orderNo: string) =>
  (
    await t.database.db
      .select()
      .from(bizPayNotify)
      .where(eq(bizPayNotify.orderNo, orderNo))
      .orderBy(asc(bizPayNotify.notifyId))
  ).map((row) => row.outcome);

describe("amounts", () => {
  it("travel as Alipay's yuan strings and back to fen without floats", () => {
    expect(alipayAmount(299_900)).toBe("2999.00");
    expect(alipayAmount(5)).toBe("0.05");
    expect(parseAlipayAmount("2999.00")).toBe(299_900);
    expect(parseAlipayAmount("0.5")).toBe(50);
    for (const bad of ["1e3", "-1.00", "1.001", "", " 1.00", undefined]) expect(parseAlipayAmount(bad)).toBeNull();
  });
});

describe("Pay Now", () => {
  it("answers the signed address of Alipay's cashier for the customer's own unpaid order", async () => {
    const order = await alipayOrder();
    const channels = await t.app.inject({ url: "/prod-api/order/pay/order/describePayChannel", headers: nina });
    expect(channels.json().data).toEqual({ online: true, methods: ["alipay", "offline"] });
    const response = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payOrder/${order.orderNo}`,
      headers: nina,
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    expect(url.origin).toBe(new URL(gateway.settings().gateway).origin);
    expect(url.searchParams.get("method")).toBe("alipay.trade.page.pay");
    expect(url.searchParams.get("sign_type")).toBe("RSA2");
    expect(url.searchParams.get("notify_url")).toBe("https://shop.example/prod-api/order/pay/notify/alipay");
    expect(url.searchParams.get("return_url")).toBe(`http://localhost:80/paySuccess?orderNo=${order.orderNo}`);
    expect(JSON.parse(url.searchParams.get("biz_content") ?? "{}")).toMatchObject({
      out_trade_no: order.orderNo,
      total_amount: "2999.00",
      product_code: "FAST_INSTANT_TRADE_PAY",
    });
  });

  it("is refused for someone else's order and for an order that is not unpaid", async () => {
    const order = await alipayOrder();
    const admins = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payOrder/${order.orderNo}`,
      headers: admin,
    });
    expect(admins.statusCode).toBe(404);
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${order.orderNo}`,
      headers: nina,
    });
    const closed = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payOrder/${order.orderNo}`,
      headers: nina,
    });
    expect(closed.statusCode).toBe(409);
  });
});

describe("Alipay's notification", () => {
  it("pays the order once, starts its service, and answers exactly `success`", async () => {
    const order = await alipayOrder();
    const fields = gateway.notification(order);
    // Alipay repeats itself: two at once, then a third later.
    const [first, second] = await Promise.all([notify(fields), notify(fields)]);
    const third = await notify(fields);
    for (const response of [first, second, third]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("success");
    }
    const row = await orderRow(order.orderNo);
    expect(row).toMatchObject({ status: "paid", tradeNo: fields.trade_no });
    expect((await notifications(order.orderNo)).sort()).toEqual(["duplicate", "duplicate", "paid"]);
    const services = await t.database.db.select().from(bizService).where(eq(bizService.orderNo, order.orderNo));
    expect(services).toHaveLength(1);
  });

  it("refuses anything but RSA2, a forged signature, another app or seller, another amount; keeps each", async () => {
    const order = await alipayOrder();
    const forger = new AlipayStandIn();
    const refused = [
      gateway.notification(order, {}, { signType: "RSA" }),
      gateway.notification(order, {}, { signWith: forger.alipay.privateKey }),
      { ...gateway.notification(order), total_amount: "0.01" }, // changed after signing
      gateway.notification(order, { app_id: "2021000000000999" }),
      gateway.notification(order, { seller_id: "2088000000000999" }),
      gateway.notification(order, { total_amount: "0.01" }),
      gateway.notification({ ...order, orderNo: "20261122000000000" }),
    ];
    for (const fields of refused) {
      const response = await notify(fields);
      expect(response.body).toBe("failure");
    }
    expect((await orderRow(order.orderNo)).status).toBe("unpaid");
    expect(await notifications(order.orderNo)).toEqual([
      "rejected:sign_type",
      "rejected:signature",
      "rejected:signature",
      "rejected:app_id",
      "rejected:seller_id",
      "rejected:amount",
    ]);
  });

  it("counts only TRADE_SUCCESS and TRADE_FINISHED as paid", async () => {
    const order = await alipayOrder();
    expect((await notify(gateway.notification(order, { trade_status: "WAIT_BUYER_PAY" }))).body).toBe("success");
    expect((await orderRow(order.orderNo)).status).toBe("unpaid");
    expect((await notify(gateway.notification(order, { trade_status: "TRADE_FINISHED" }))).body).toBe("success");
    expect((await orderRow(order.orderNo)).status).toBe("paid");
  });
});

describe("settling with Alipay", () => {
  it("asks Alipay when the customer is back before the notification", async () => {
    const order = await alipayOrder();
    const describe = () =>
      t.app.inject({ url: `/prod-api/order/trade/order/describeOrder/${order.orderNo}`, headers: nina });
    expect((await describe()).json().data.status).toBe("unpaid"); // no trade at Alipay yet
    gateway.trades.set(order.orderNo, { trade_status: "TRADE_SUCCESS", total_amount: order.amount, trade_no: "T1" });
    expect((await describe()).json().data).toMatchObject({ status: "paid" });
    expect((await orderRow(order.orderNo)).tradeNo).toBe("T1");
  });

  it("closes a stale order and its Alipay trade, unless Alipay says it was paid", async () => {
    const waiting = await alipayOrder();
    const paidSilently = await alipayOrder();
    gateway.trades.set(waiting.orderNo, {
      trade_status: "WAIT_BUYER_PAY",
      total_amount: waiting.amount,
      trade_no: "T2",
    });
    gateway.trades.set(paidSilently.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: paidSilently.amount,
      trade_no: "T3",
    });
    const later = new Date(Date.now() + 3_600_000);
    const channels = new PaymentChannels([await AlipayChannel.open(gateway.settings())]);
    await closeStaleOrders(t.database.db, later, 60_000, orderPayments(t.database.db, channels, t.app.log));
    expect((await orderRow(waiting.orderNo)).status).toBe("closed");
    expect(gateway.trades.get(waiting.orderNo)?.trade_status).toBe("TRADE_CLOSED");
    expect((await orderRow(paidSilently.orderNo)).status).toBe("paid");
  });

  it("refunds an order paid through Alipay through Alipay", async () => {
    const order = await alipayOrder();
    const paid = gateway.notification(order);
    await notify(paid);
    gateway.trades.set(order.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: order.amount,
      trade_no: paid.trade_no!,
    });
    const response = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/refundOrder/${order.orderNo}`,
      headers: admin,
      payload: { note: "customer asked within 5 days" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe("refunded");
    expect(gateway.calls.at(-1)).toEqual({
      method: "alipay.trade.refund",
      bizContent: { out_trade_no: order.orderNo, refund_amount: "2999.00", out_request_no: order.orderNo },
    });
    expect(await orderRow(order.orderNo)).toMatchObject({
      handledBy: "admin",
      handledNote: "customer asked within 5 days",
    });
  });
});
