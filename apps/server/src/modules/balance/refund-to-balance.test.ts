import { randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizBalanceEntry, bizInvoice, bizOrder, sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AlipayStandIn } from "../../testing/alipay-stand-in.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { alipayAmount } from "../payments/alipay-channel.ts";
import { ledgerMismatches, postEntry } from "./balance-ledger.ts";

const gateway = new AlipayStandIn();
const clock = new Date("2027-05-06T03:00:00Z");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  await gateway.start();
  t = await openTestApp({ alipay: gateway.settings(), now: () => clock });
  for (const [name, language] of [
    ["thu", "vi"],
    ["yan", "zh-CN"],
  ] as const) {
    users[name] = await createUser(t.database.db, { userName: name, password: `${name}-pass-2027` });
    as[name] = await signIn(t.app, name, `${name}-pass-2027`);
    // After signing in, which records the language the request was in.
    await t.database.db
      .update(sysUser)
      .set({ email: `${name}@example.com`, language })
      .where(eq(sysUser.userId, users[name]!));
  }
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
}, 90_000);
afterAll(async () => {
  await t.close();
  await gateway.stop();
});

type OrderAnswer = { orderNo: string; amount: number; currency: string };

const order = async (headers: Record<string, string>, payMethod: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers,
    payload: {
      product: "ddos",
      configuration: "bandwidth=100&duration=month-1",
      action: "new",
      payMethod,
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as OrderAnswer;
};
const refund = (orderNo: string, payload: Record<string, unknown>, headers = as.admin!) =>
  t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/refundOrder/${orderNo}`, headers, payload });
const entriesOf = async (userId: number) =>
  (
    await t.database.db
      .select({ entry: bizBalanceEntry })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalance.userId, userId))
      .orderBy(asc(bizBalanceEntry.entryId))
  ).map(({ entry }) => [entry.kind, entry.amount, entry.reference, entry.madeBy, entry.note]);
const balanceOf = async (userId: number) =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;
const statusOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]!.status;
/** The refund's mail, once the outbox has written it. */
const refundMail = async (orderNo: string) => {
  const { db } = t.database;
  const written = () =>
    db
      .select()
      .from(sysMail)
      .where(like(sysMail.messageId, `<order-refunded-${orderNo}@%`));
  await expect.poll(async () => (await written()).length, { timeout: 30_000 }).toBe(1);
  return (await written())[0]!;
};

describe("refunds to the balance", () => {
  it("gives an order paid from the balance back to the balance, and tells the customer where it went", async () => {
    const thu = users.thu!;
    const bought = await order(as.thu!, "balance");
    await postEntry(t.database.db, {
      userId: thu,
      currency: bought.currency,
      amount: bought.amount + 5_000,
      kind: "adjustment",
      reference: "opening-thu",
      madeBy: "admin",
      now: clock,
    });
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${bought.orderNo}`,
      headers: as.thu!,
    });
    expect(paid.statusCode).toBe(200);
    expect(await balanceOf(thu)).toBe(5_000);

    // Refunded with no choice made: there is no channel to go back through, so the balance.
    const answer = await refund(bought.orderNo, { note: "customer moved provider" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.status).toBe("refunded");
    expect(await balanceOf(thu)).toBe(bought.amount + 5_000);
    expect((await entriesOf(thu)).slice(1)).toEqual([
      ["payment", -bought.amount, bought.orderNo, "thu", null],
      // The operator's note stays with the order, not in the customer's ledger.
      ["refund", bought.amount, bought.orderNo, "admin", null],
    ]);
    // Refunded twice: a conflict, the balance credited once.
    expect((await refund(bought.orderNo, {})).statusCode).toBe(409);
    expect(await balanceOf(thu)).toBe(bought.amount + 5_000);

    // The customer's mail says where the money is, in their language, with the balance now.
    const mail = await refundMail(bought.orderNo);
    expect(mail.subject).toBe(`Hoàn tiền đơn hàng ${bought.orderNo} vào số dư — Rampart Cloud`);
    expect(mail.text).toContain("vào số dư tài khoản của bạn");
    expect(mail.text).toMatch(/Số dư hiện tại: [\d.,]+\sCN¥/);
    expect(mail.text).not.toContain("vài ngày làm việc");
    expect(mail.html).toContain("/control/balance");
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("refunds an order paid through Alipay to the balance when the operator chooses it, without asking Alipay", async () => {
    const yan = users.yan!;
    const bought = await order(as.yan!, "alipay");
    const fields = gateway.notification({ orderNo: bought.orderNo, amount: alipayAmount(bought.amount) });
    const notified = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/pay/notify/alipay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(notified.body).toBe("success");
    expect(await statusOf(bought.orderNo)).toBe("paid");

    const calls = gateway.calls.length;
    // A destination that is not one: refused, nothing moved.
    expect((await refund(bought.orderNo, { refundTo: "wallet" })).statusCode).toBe(400);
    expect(await statusOf(bought.orderNo)).toBe("paid");

    const answer = await refund(bought.orderNo, { refundTo: "balance", note: "credit instead of card" });
    expect(answer.statusCode).toBe(200);
    expect(gateway.calls.length).toBe(calls); // Alipay was not asked to refund
    expect(await statusOf(bought.orderNo)).toBe("refunded");
    expect(await entriesOf(yan)).toEqual([["refund", bought.amount, bought.orderNo, "admin", null]]);
    // Its credit note is issued as for any refund.
    const documents = await t.database.db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, bought.orderNo));
    expect(documents.map((row) => row.kind).sort()).toEqual(["credit_note", "invoice"]);
    const mail = await refundMail(bought.orderNo);
    expect(mail.subject).toBe(`订单 ${bought.orderNo} 已退款至余额 — Rampart Cloud`);
  });

  it("sends an order's money one way only when two operators refund it at once, one of them to the balance", async () => {
    const yan = users.yan!;
    const bought = await order(as.yan!, "alipay");
    const fields = gateway.notification({ orderNo: bought.orderNo, amount: alipayAmount(bought.amount) });
    await t.app.inject({
      method: "POST",
      url: "/prod-api/order/pay/notify/alipay",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
    gateway.trades.set(bought.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: alipayAmount(bought.amount),
      trade_no: fields.trade_no!,
    });
    const before = await balanceOf(yan);
    const calls = gateway.calls.length;
    const answers = await Promise.all([
      refund(bought.orderNo, { refundTo: "balance" }),
      refund(bought.orderNo, { refundTo: "channel" }),
      refund(bought.orderNo, { refundTo: "balance" }),
      refund(bought.orderNo, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const refundsAsked = gateway.calls.slice(calls).filter((call) => call.method === "alipay.trade.refund").length;
    const credited = (await balanceOf(yan)) - before;
    // Either Alipay gave it back, or the balance did: never both.
    expect([refundsAsked, credited]).toSatisfy(
      ([asked, added]: number[]) => (asked === 1 && added === 0) || (asked === 0 && added === bought.amount),
    );
    expect(await statusOf(bought.orderNo)).toBe("refunded");
    // Refunded: the claim is gone, and a late retry is the usual conflict.
    expect((await refund(bought.orderNo, { refundTo: "balance" })).json().msg).toBe(
      "Only a paid order can be refunded",
    );
  });

  it("never refunds a top-up to the balance it was paid into", async () => {
    const topUp = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/balance/topup",
      headers: as.yan!,
      payload: { amount: 20_000, payMethod: "offline", idempotencyKey: randomUUID() },
    });
    expect(topUp.statusCode).toBe(201);
    const { orderNo } = topUp.json().data as OrderAnswer;
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: as.admin!,
      payload: {},
    });
    expect(confirmed.statusCode).toBe(200);
    const before = await balanceOf(users.yan!);
    const refused = await refund(orderNo, { refundTo: "balance" }, { ...as.admin!, "accept-language": "id" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("Isi ulang dikembalikan melalui cara pembayarannya, bukan ke saldo yang diisinya");
    expect(await statusOf(orderNo)).toBe("paid");
    expect(await balanceOf(users.yan!)).toBe(before);
  });
});
