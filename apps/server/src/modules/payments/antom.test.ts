import { randomUUID } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bizOrder, bizPayNotify } from "../../db/schema.ts";
import { privateKeyOf, publicKeyOf } from "../../secrets/key-text.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AlipayStandIn } from "../../testing/alipay-stand-in.ts";
import { AntomStandIn } from "../../testing/antom-stand-in.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { closeStaleOrders } from "../orders/close-unpaid-orders.ts";
import { AlipayChannel } from "./alipay-channel.ts";
import { AntomChannel, antomAmount, parseAntomAmount } from "./antom-channel.ts";
import { contentToSign, signatureHeader, verifySignatureHeader } from "./antom-signature.ts";
import { orderPayments } from "./order-payments.ts";
import { PaymentChannels } from "./payment-channel.ts";

const NOTIFY_PATH = "/prod-api/order/pay/notify/antom";
const antom = new AntomStandIn();
const alipay = new AlipayStandIn();
let t: TestApp;
let nina: Record<string, string>;
let van: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  await Promise.all([antom.start(), alipay.start()]);
  t = await openTestApp({ antom: antom.settings(), alipay: alipay.settings() });
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
  // A customer of the demo site, which sells in VND.
  await t.app.inject({
    method: "POST",
    url: "/prod-api/auth/register",
    headers: { host: "demo.localhost" },
    payload: { username: "le_van", password: "levan-pass-12", email: "van@example.com" },
  });
  van = await signIn(t.app, "le_van", "levan-pass-12", { host: "demo.localhost" });
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await Promise.all([antom.stop(), alipay.stop()]);
});
beforeEach(() => {
  antom.forgeAnswers = false;
});

interface Order {
  orderNo: string;
  amount: number;
  currency: string;
}

/** An unpaid DDoS order for International Alipay (¥2,999.00 on the default site). */
async function order(headers = nina, host = "localhost"): Promise<Order> {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: { ...headers, host },
    payload: {
      product: "ddos",
      configuration: "",
      action: "new",
      payMethod: "alipayGlobal",
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode).toBe(201);
  const { orderNo, amount, currency } = response.json().data;
  return { orderNo, amount, currency };
}

const payNow = (orderNo: string, headers = nina, method?: "alipay" | "alipayGlobal") =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/order/pay/order/payOrder/${orderNo}${method ? `?method=${method}` : ""}`,
    headers,
  });

const notify = (message: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: "POST", url: NOTIFY_PATH, headers: message.headers, payload: message.body });

const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]!;
const outcomes = async (orderNo: string) =>
  (
    await t.database.db
      .select()
      .from(bizPayNotify)
      .where(eq(bizPayNotify.orderNo, orderNo))
      .orderBy(asc(bizPayNotify.notifyId))
  ).map((row) => [row.channel, row.outcome]);

describe("Antom's signatures", () => {
  it("sign and verify `POST path\\nclient.time.body` with RSA256, the value URL-encoded", () => {
    const content = contentToSign("POST", "/ams/api/v1/payments/pay", "TEST_1", "1700000000000", '{"a":1}');
    expect(content).toBe('POST /ams/api/v1/payments/pay\nTEST_1.1700000000000.{"a":1}');
    const header = signatureHeader(content, privateKeyOf(antom.antom.privateKey));
    expect(header).toMatch(/^algorithm=RSA256,keyVersion=1,signature=[A-Za-z0-9%._-]+$/);
    expect(header).not.toMatch(/signature=.*[+/=]/);
    const key = publicKeyOf(antom.antom.publicKey);
    expect(verifySignatureHeader(header, content, key)).toBe(true);
    expect(verifySignatureHeader(header, `${content} `, key)).toBe(false);
    expect(verifySignatureHeader(header.replace("RSA256", "RSA"), content, key)).toBe(false);
    expect(verifySignatureHeader("nonsense", content, key)).toBe(false);
    expect(verifySignatureHeader(header, content, publicKeyOf(antom.merchant.publicKey))).toBe(false);
  });

  it("reads keys as PEM or as the bare base64 of Antom's dashboard", () => {
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const content = "POST /x\nc.1.{}";
    const header = signatureHeader(content, privateKeyOf(bare(antom.merchant.privateKey)));
    expect(verifySignatureHeader(header, content, publicKeyOf(bare(antom.merchant.publicKey)))).toBe(true);
  });

  it("counts amounts in the currency's smallest unit, as strings", () => {
    expect(antomAmount(299_900, "CNY")).toEqual({ currency: "CNY", value: "299900" });
    expect(antomAmount(1_500_000, "VND")).toEqual({ currency: "VND", value: "1500000" });
    expect(parseAntomAmount({ currency: "CNY", value: "299900" })).toEqual({ minor: 299_900, currency: "CNY" });
    for (const bad of [{ currency: "CNY", value: "2999.00" }, { currency: "CNY", value: 100 }, { value: "1" }, null])
      expect(parseAntomAmount(bad)).toBeNull();
  });
});

describe("International Alipay: Pay Now", () => {
  it("offers both Alipay methods and offline settlement", async () => {
    const channels = await t.app.inject({ url: "/prod-api/order/pay/order/describePayChannel", headers: nina });
    expect(channels.json().data).toEqual({ online: true, methods: ["alipayGlobal", "alipay", "offline"] });
  });

  it("opens Antom's cashier for the customer's order, with a signed request for exactly its amount", async () => {
    const placed = await order();
    const response = await payNow(placed.orderNo);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.url).toBe(`https://cashier.antom.example/pay?paymentRequestId=${placed.orderNo}`);
    const call = antom.calls.at(-1)!;
    expect(call.signed).toBe(true);
    expect(call.path).toBe("/ams/api/v1/payments/pay");
    expect(call.body).toMatchObject({
      productCode: "CASHIER_PAYMENT",
      paymentRequestId: placed.orderNo,
      order: { referenceOrderId: placed.orderNo, orderAmount: { currency: "CNY", value: "299900" } },
      paymentAmount: { currency: "CNY", value: "299900" },
      paymentMethod: { paymentMethodType: "ALIPAY_HK" },
      paymentRedirectUrl: `http://localhost:80/paySuccess?orderNo=${placed.orderNo}`,
      paymentNotifyUrl: `http://localhost:80${NOTIFY_PATH}`,
      env: { terminalType: "WEB" },
    });
    expect((await orderRow(placed.orderNo)).payMethod).toBe("alipayGlobal");
  });

  it("takes dong from a site that sells in VND, which mainland Alipay does not take", async () => {
    const placed = await order(van, "demo.localhost");
    expect(placed.currency).toBe("VND");
    const mainland = await payNow(placed.orderNo, van, "alipay");
    expect(mainland.statusCode).toBe(409);
    expect(mainland.json().msg).toMatch(/not supported/i);
    const international = await payNow(placed.orderNo, van, "alipayGlobal");
    expect(international.statusCode).toBe(200);
    expect(antom.calls.at(-1)?.body.paymentAmount).toEqual({ currency: "VND", value: String(placed.amount) });
  });

  it("builds the notify and return addresses from the order's site, never from a forged Host", async () => {
    const placed = await order(van, "demo.localhost");
    const forged = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payOrder/${placed.orderNo}?method=alipayGlobal`,
      headers: { ...van, host: "attacker.example" },
    });
    expect(forged.statusCode).toBe(200);
    expect(antom.calls.at(-1)?.body).toMatchObject({
      paymentRedirectUrl: `http://demo.localhost/paySuccess?orderNo=${placed.orderNo}`,
      paymentNotifyUrl: `http://demo.localhost${NOTIFY_PATH}`,
    });
  });

  it("pays an order placed for offline settlement with the method that takes its currency", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: { ...van, host: "demo.localhost" },
      payload: {
        product: "ddos",
        configuration: "",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    const { orderNo } = response.json().data;
    expect((await payNow(orderNo, van)).statusCode).toBe(200);
    expect(antom.calls.at(-1)?.body.paymentRequestId).toBe(orderNo);
    expect((await orderRow(orderNo)).payMethod).toBe("alipayGlobal");
  });

  it("refuses someone else's order and believes no answer that Antom did not sign", async () => {
    const placed = await order();
    const calls = antom.calls.length;
    expect((await payNow(placed.orderNo, van)).statusCode).toBe(404);
    expect(antom.calls.length).toBe(calls);
    antom.forgeAnswers = true;
    const forged = await payNow(placed.orderNo);
    expect(forged.statusCode).toBe(502);
    expect((await orderRow(placed.orderNo)).status).toBe("unpaid");
  });
});

describe("International Alipay: notifications", () => {
  it("pays the order once for a signed PAYMENT_RESULT, answering exactly Antom's acknowledgement", async () => {
    const placed = await order();
    const message = antom.notification(NOTIFY_PATH, placed);
    const first = await notify(message);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" } });
    expect(await orderRow(placed.orderNo)).toMatchObject({
      status: "paid",
      tradeNo: JSON.parse(message.body).paymentId,
    });
    const again = await notify(antom.notification(NOTIFY_PATH, placed));
    expect(again.json().result.resultStatus).toBe("S");
    expect(await outcomes(placed.orderNo)).toEqual([
      ["antom", "paid"],
      ["antom", "duplicate"],
    ]);
  });

  it("refuses a forged signature, another client, a changed body, a wrong amount or currency: nothing paid", async () => {
    const placed = await order();
    const forged = antom.notification(NOTIFY_PATH, placed, {}, { signWith: antom.merchant.privateKey });
    const otherClient = antom.notification(NOTIFY_PATH, placed);
    otherClient.headers["client-id"] = "TEST_OTHER";
    const changed = antom.notification(NOTIFY_PATH, placed);
    changed.body = changed.body.replace(`"value":"${placed.amount}"`, '"value":"1"');
    const cheaper = antom.notification(NOTIFY_PATH, placed, { paymentAmount: { currency: "CNY", value: "1" } });
    const dollars = antom.notification(NOTIFY_PATH, placed, {
      paymentAmount: { currency: "USD", value: String(placed.amount) },
    });
    const elsewhere = antom.notification("/somewhere/else", placed);
    for (const message of [forged, otherClient, changed, cheaper, dollars, elsewhere]) {
      const response = await notify(message);
      expect(response.json().result.resultStatus).toBe("F");
    }
    expect((await orderRow(placed.orderNo)).status).toBe("unpaid");
    // Four refused unsigned (kept apart from any order), two refused for their amount.
    expect((await outcomes(placed.orderNo)).map(([, outcome]) => outcome)).toEqual([
      "rejected:amount",
      "rejected:amount",
    ]);
  });

  it("keeps a failed payment's notification and leaves the order unpaid", async () => {
    const placed = await order();
    const failed = antom.notification(NOTIFY_PATH, placed, {
      result: { resultCode: "USER_BALANCE_NOT_ENOUGH", resultStatus: "F", resultMessage: "balance" },
    });
    expect((await notify(failed)).json().result.resultStatus).toBe("S");
    expect((await orderRow(placed.orderNo)).status).toBe("unpaid");
    expect(await outcomes(placed.orderNo)).toEqual([["antom", "ignored"]]);
  });

  it("pays once when two notifications for one order arrive together", async () => {
    const placed = await order();
    const answers = await Promise.all([
      notify(antom.notification(NOTIFY_PATH, placed)),
      notify(antom.notification(NOTIFY_PATH, placed)),
    ]);
    expect(answers.map((a) => a.json().result.resultStatus)).toEqual(["S", "S"]);
    expect((await outcomes(placed.orderNo)).map(([, outcome]) => outcome).sort()).toEqual(["duplicate", "paid"]);
  });
});

describe("International Alipay: one live cashier per order", () => {
  it("closes the Alipay trade before opening Antom's cashier for the same order", async () => {
    const placed = await order();
    expect((await payNow(placed.orderNo, nina, "alipay")).statusCode).toBe(200);
    expect((await orderRow(placed.orderNo)).payMethod).toBe("alipay");
    expect((await payNow(placed.orderNo, nina, "alipayGlobal")).statusCode).toBe(200);
    expect(alipay.calls.map((call) => [call.method, call.bizContent.out_trade_no])).toContainEqual([
      "alipay.trade.close",
      placed.orderNo,
    ]);
    expect((await orderRow(placed.orderNo)).payMethod).toBe("alipayGlobal");
  });

  it("records the channel that was paid, and tells a second payment through the other apart", async () => {
    const placed = await order();
    await payNow(placed.orderNo, nina, "alipay");
    const yuan = `${Math.floor(placed.amount / 100)}.${String(placed.amount % 100).padStart(2, "0")}`;
    await t.app.inject({
      method: "POST",
      url: "/prod-api/order/pay/notify/alipay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(alipay.notification({ orderNo: placed.orderNo, amount: yuan })).toString(),
    });
    expect(await orderRow(placed.orderNo)).toMatchObject({ status: "paid", payMethod: "alipay" });
    await notify(antom.notification(NOTIFY_PATH, placed));
    expect((await outcomes(placed.orderNo)).filter(([channel]) => channel === "antom")).toEqual([
      ["antom", "paidTwice"],
    ]);
    expect(await orderRow(placed.orderNo)).toMatchObject({ status: "paid", payMethod: "alipay" });
  });

  it("keeps what nobody signed as a short excerpt tied to no order", async () => {
    const placed = await order();
    const forged = antom.notification(
      NOTIFY_PATH,
      placed,
      { padding: "x".repeat(5000) },
      { signWith: antom.merchant.privateKey },
    );
    await notify(forged);
    expect(await outcomes(placed.orderNo)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(bizPayNotify)
      .where(eq(bizPayNotify.outcome, "rejected:signature"))
      .orderBy(desc(bizPayNotify.notifyId))
      .limit(1);
    expect(row?.orderNo).toBeNull();
    expect(JSON.stringify(row?.raw).length).toBeLessThan(700);
  });
});

describe("International Alipay: lost notifications, stale orders and refunds", () => {
  it("settles an order by asking Antom when the customer is back before the notification", async () => {
    const placed = await order();
    await payNow(placed.orderNo);
    antom.payments.set(placed.orderNo, {
      paymentStatus: "SUCCESS",
      paymentId: "PAY-LOST-1",
      paymentAmount: { currency: "CNY", value: String(placed.amount) },
    });
    const response = await t.app.inject({
      url: `/prod-api/order/trade/order/describeOrder/${placed.orderNo}`,
      headers: nina,
    });
    expect(response.json().data.status).toBe("paid");
    expect((await orderRow(placed.orderNo)).tradeNo).toBe("PAY-LOST-1");
  });

  it("cancels the Antom payment of an order left unpaid, and pays one that was paid silently", async () => {
    const waiting = await order();
    const paidSilently = await order();
    antom.payments.set(waiting.orderNo, {
      paymentStatus: "PROCESSING",
      paymentId: "PAY-W",
      paymentAmount: { currency: "CNY", value: String(waiting.amount) },
    });
    antom.payments.set(paidSilently.orderNo, {
      paymentStatus: "SUCCESS",
      paymentId: "PAY-S",
      paymentAmount: { currency: "CNY", value: String(paidSilently.amount) },
    });
    const channels = new PaymentChannels([
      new AntomChannel(antom.settings()),
      await AlipayChannel.open(alipay.settings()),
    ]);
    await closeStaleOrders(
      t.database.db,
      new Date(Date.now() + 3_600_000),
      60_000,
      orderPayments(t.database.db, channels, t.app.log),
    );
    expect((await orderRow(waiting.orderNo)).status).toBe("closed");
    expect(antom.payments.get(waiting.orderNo)?.paymentStatus).toBe("CANCELLED");
    expect(
      antom.calls.some((c) => c.path === "/ams/api/v1/payments/cancel" && c.body.paymentRequestId === waiting.orderNo),
    ).toBe(true);
    expect((await orderRow(paidSilently.orderNo)).status).toBe("paid");
  });

  it("refunds an order paid through International Alipay through Antom", async () => {
    const placed = await order();
    await notify(antom.notification(NOTIFY_PATH, placed, { paymentId: "PAY-REFUND-1" }));
    const response = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/refundOrder/${placed.orderNo}`,
      headers: admin,
      payload: { note: "asked within 5 days" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe("refunded");
    const call = antom.calls.at(-1)!;
    expect(call).toMatchObject({
      path: "/ams/api/v1/payments/refund",
      signed: true,
      body: {
        refundRequestId: placed.orderNo,
        paymentId: "PAY-REFUND-1",
        refundAmount: { currency: "CNY", value: String(placed.amount) },
      },
    });
  });

  it("calls the sandbox's paths for a sandbox client id", async () => {
    const sandbox = new AntomChannel(antom.settings({ clientId: "SANDBOX_5Y0566SG25J004124" }));
    await expect(sandbox.query("20261124000001")).resolves.toBeNull();
    expect(antom.calls.at(-1)?.path).toBe("/ams/sandbox/api/v1/payments/inquiryPayment");
  });
});
