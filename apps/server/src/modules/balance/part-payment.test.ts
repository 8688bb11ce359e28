import { randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizBalanceEntry, bizOrder, sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AlipayStandIn } from "../../testing/alipay-stand-in.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { closeStaleOrders } from "../orders/close-unpaid-orders.ts";
import { alipayAmount } from "../payments/alipay-channel.ts";
import { ledgerMismatches, postEntry } from "./balance-ledger.ts";

/**
 * An order paid partly from the balance and the rest through a channel (issue 41): the part is
 * taken when the cashier opens, the channel asked for the rest only, and the part goes back when the
 * order closes unpaid, when the channel was paid the whole amount after all, or with a refund.
 */
const gateway = new AlipayStandIn();
let clock = new Date("2027-06-02T03:00:00Z");
let t: TestApp;
let headers: Record<string, string>;
let admin: Record<string, string>;
let userId: number;

beforeAll(async () => {
  await gateway.start();
  t = await openTestApp({ alipay: gateway.settings(), now: () => clock });
  userId = await createUser(t.database.db, { userName: "lestari", password: "lestari-pass-2027" });
  headers = await signIn(t.app, "lestari", "lestari-pass-2027");
  // After signing in, which records the language the request was in.
  await t.database.db
    .update(sysUser)
    .set({ email: "lestari@example.com", language: "id" })
    .where(eq(sysUser.userId, userId));
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
}, 90_000);
afterAll(async () => {
  await t.close();
  await gateway.stop();
});

type OrderAnswer = { orderNo: string; amount: number; currency: string; balanceHeld: number; status: string };

const order = async () => {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers,
    payload: {
      product: "ddos",
      configuration: "bandwidth=100&duration=month-1",
      action: "new",
      payMethod: "alipay",
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as OrderAnswer;
};
let credits = 0;
/** Money the customer keeps with the provider (an operator's credit). */
const keep = (amount: number, currency = "CNY") =>
  postEntry(t.database.db, {
    userId,
    currency,
    amount,
    kind: "adjustment",
    reference: `opening-${++credits}`,
    madeBy: "admin",
    now: clock,
  });
/** Opens Alipay's cashier (with the balance's part when asked): the amount the cashier asks for, in minor units. */
const openCashier = async (orderNo: string, useBalance: boolean, language = "en") => {
  const response = await t.app.inject({
    method: "POST",
    url: `/prod-api/order/pay/order/payOrder/${orderNo}?method=alipay${useBalance ? "&useBalance=true" : ""}`,
    headers: { ...headers, "accept-language": language },
  });
  if (response.statusCode !== 200) return { status: response.statusCode, msg: response.json().msg as string };
  const url = new URL(response.json().data.url as string);
  const biz = JSON.parse(url.searchParams.get("biz_content") ?? "{}") as { total_amount: string };
  return { status: 200, asked: Math.round(Number(biz.total_amount) * 100) };
};
const notify = async (orderNo: string, minor: number) => {
  const fields = gateway.notification({ orderNo, amount: alipayAmount(minor) });
  const answer = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/pay/notify/alipay",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return { body: answer.body, tradeNo: fields.trade_no! };
};
const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]!;
const balance = async () =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;
/** The ledger's entries about one order (by reference, and the reversals of those). */
const entriesOf = async (orderNo: string) => {
  const rows = (
    await t.database.db
      .select({ entry: bizBalanceEntry })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalance.userId, userId))
      .orderBy(asc(bizBalanceEntry.entryId))
  ).map(({ entry }) => entry);
  const ids = new Set(rows.filter((e) => e.reference === orderNo).map((e) => String(e.entryId)));
  return rows
    .filter((e) => e.reference === orderNo || (e.kind === "reversal" && ids.has(e.reference)))
    .map((e) => [e.kind, e.amount]);
};
/** An operator's refund, the way it was paid (the default). */
const refund = (orderNo: string) =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/refundOrder/${orderNo}`,
    headers: admin,
    payload: {},
  });
const mailsOf = async (orderNo: string, event: string) =>
  t.database.db
    .select()
    .from(sysMail)
    .where(like(sysMail.messageId, `<order-${event}-${orderNo}%`));

describe("paying part of an order from the balance", () => {
  it("takes what the balance holds, asks Alipay for the rest only, and refunds each part the way it came", async () => {
    const bought = await order();
    await keep(3_000);
    // Without the balance: the whole amount, nothing taken.
    expect(await openCashier(bought.orderNo, false)).toEqual({ status: 200, asked: bought.amount });
    expect(await balance()).toBe(3_000);

    expect(await openCashier(bought.orderNo, true)).toEqual({ status: 200, asked: bought.amount - 3_000 });
    expect(await balance()).toBe(0);
    expect((await orderRow(bought.orderNo)).balanceHeld).toBe(3_000);
    // The cashier opened again (with or without the balance): the same rest, nothing taken twice.
    await keep(500);
    expect(await openCashier(bought.orderNo, true)).toEqual({ status: 200, asked: bought.amount - 3_000 });
    expect(await openCashier(bought.orderNo, false)).toEqual({ status: 200, asked: bought.amount - 3_000 });
    expect(await balance()).toBe(500);
    expect(await entriesOf(bought.orderNo)).toEqual([["hold", -3_000]]);

    // Alipay paid a wrong amount: refused; the rest: paid, the part held becoming the payment.
    expect((await notify(bought.orderNo, bought.amount - 2_999)).body).toBe("failure");
    const { body, tradeNo } = await notify(bought.orderNo, bought.amount - 3_000);
    expect(body).toBe("success");
    const paid = await orderRow(bought.orderNo);
    expect([paid.status, paid.payMethod, paid.balanceHeld]).toEqual(["paid", "alipay", 3_000]);
    expect(await balance()).toBe(500);
    // The customer's receipt names both ways it was paid (in their language).
    await expect.poll(async () => (await mailsOf(bought.orderNo, "paid")).length, { timeout: 30_000 }).toBe(1);
    expect((await mailsOf(bought.orderNo, "paid"))[0]!.text).toContain("Saldo akun + Alipay");

    // Refunded the way it was paid: Alipay gives back its part, the balance gets its own back.
    gateway.trades.set(bought.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: alipayAmount(bought.amount - 3_000),
      trade_no: tradeNo,
    });
    const calls = gateway.calls.length;
    const refunded = await refund(bought.orderNo);
    expect(refunded.statusCode).toBe(200);
    const asked = gateway.calls.slice(calls).filter((call) => call.method === "alipay.trade.refund");
    expect(asked.map((call) => call.bizContent.refund_amount)).toEqual([alipayAmount(bought.amount - 3_000)]);
    expect(await balance()).toBe(3_500);
    expect(await entriesOf(bought.orderNo)).toEqual([
      ["hold", -3_000],
      ["refund", 3_000],
    ]);
    // Two mails, each saying where its part went.
    await expect.poll(async () => (await mailsOf(bought.orderNo, "refunded")).length, { timeout: 30_000 }).toBe(2);
    const texts = (await mailsOf(bought.orderNo, "refunded")).map((mail) => mail.text).join("\n---\n");
    expect(texts).toContain("30,00");
    expect(texts).toMatch(/saldo/i);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("gives the part back when the order is left unpaid and closes, once", async () => {
    const before = await balance();
    const bought = await order();
    expect((await openCashier(bought.orderNo, true)).status).toBe(200);
    expect(await balance()).toBe(0);
    // Abandoned at the cashier: the sweep closes it after its time, asking Alipay first (no trade).
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    expect(await closeStaleOrders(t.database.db, clock, 2 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await closeStaleOrders(t.database.db, clock, 2 * 3_600_000)).toBe(0);
    expect((await orderRow(bought.orderNo)).status).toBe("closed");
    expect(await balance()).toBe(before);
    expect(await entriesOf(bought.orderNo)).toEqual([
      ["hold", -before],
      ["reversal", before],
    ]);
    // A payment arriving after it closed pays nothing and takes nothing.
    expect((await notify(bought.orderNo, bought.amount - before)).body).toBe("success");
    expect((await orderRow(bought.orderNo)).status).toBe("closed");
    expect(await balance()).toBe(before);
  });

  it("gives the part back when the customer cancels the order", async () => {
    const before = await balance();
    const bought = await order();
    await openCashier(bought.orderNo, true);
    expect(await balance()).toBe(0);
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${bought.orderNo}`,
      headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await balance()).toBe(before);
  });

  it("gives the part back when a cashier opened before it was held is paid the whole amount", async () => {
    const before = await balance();
    const bought = await order();
    await openCashier(bought.orderNo, false);
    await openCashier(bought.orderNo, true);
    expect(await balance()).toBe(0);
    expect((await notify(bought.orderNo, bought.amount)).body).toBe("success");
    const paid = await orderRow(bought.orderNo);
    expect([paid.status, paid.balanceHeld]).toEqual(["paid", 0]);
    expect(await balance()).toBe(before);
    expect(await entriesOf(bought.orderNo)).toEqual([
      ["hold", -before],
      ["reversal", before],
    ]);
  });

  it("pays what is still due from the balance once it covers it", async () => {
    await keep(1_000);
    const bought = await order();
    await openCashier(bought.orderNo, true);
    const held = (await orderRow(bought.orderNo)).balanceHeld;
    expect(held).toBeGreaterThan(0);
    // Not enough yet: refused with what is still due, nothing taken.
    const short = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${bought.orderNo}`,
      headers,
    });
    expect(short.statusCode).toBe(409);
    const due = new Intl.NumberFormat("en", { minimumFractionDigits: 2 }).format((bought.amount - held) / 100);
    expect(short.json().msg).toContain(`this order (CN¥${due})`);
    await keep(bought.amount - held);
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${bought.orderNo}`,
      headers,
    });
    expect(paid.statusCode).toBe(200);
    expect(await balance()).toBe(0);
    expect(await entriesOf(bought.orderNo)).toEqual([
      ["hold", -held],
      ["payment", -(bought.amount - held)],
    ]);
    // Refunded: all of it to the balance, where all of it came from.
    const refunded = await refund(bought.orderNo);
    expect(refunded.statusCode).toBe(200);
    expect(await balance()).toBe(bought.amount);
  });

  it("refuses to hold a part when the balance covers the whole order, taking nothing", async () => {
    const bought = await order();
    await keep(bought.amount * 2 - (await balance()));
    const answer = await openCashier(bought.orderNo, true, "zh-TW");
    expect(answer.status).toBe(409);
    expect(answer.msg).toMatch(/^您的餘額（.+）足以支付此訂單（.+），請直接以餘額付款$/);
    expect(await balance()).toBe(bought.amount * 2);
    expect((await orderRow(bought.orderNo)).balanceHeld).toBe(0);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});

describe("a cashier still open when the order is closed or paid another way", () => {
  it("asks Alipay before a cancel: paid meanwhile, the order is paid and keeps its part", async () => {
    headers = await signIn(t.app, "lestari", "lestari-pass-2027");
    const start = await balance();
    if (start !== 700) await keep(700 - start);
    const bought = await order();
    await openCashier(bought.orderNo, true);
    // The rest paid at Alipay, its notification not arrived yet; the customer cancels.
    gateway.trades.set(bought.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: alipayAmount(bought.amount - 700),
      trade_no: `T-${bought.orderNo}`,
    });
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${bought.orderNo}`,
      headers,
    });
    expect(cancelled.statusCode).toBe(409);
    const row = await orderRow(bought.orderNo);
    expect([row.status, row.payMethod, row.balanceHeld]).toEqual(["paid", "alipay", 700]);
    expect(await entriesOf(bought.orderNo)).toEqual([["hold", -700]]);
    expect(await balance()).toBe(0);
  });

  it("closes the cashier before the balance pays, and refuses when the cashier was paid meanwhile", async () => {
    const bought = await order();
    await openCashier(bought.orderNo, false);
    await keep(bought.amount);
    const before = await balance();
    const calls = gateway.calls.length;
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${bought.orderNo}`,
      headers,
    });
    expect(paid.statusCode).toBe(200);
    expect(gateway.calls.slice(calls).map((call) => call.method)).toContain("alipay.trade.close");
    expect(await balance()).toBe(before - bought.amount);

    // A second order paid at its cashier just before the customer pays it from the balance.
    const other = await order();
    await openCashier(other.orderNo, false);
    gateway.trades.set(other.orderNo, {
      trade_status: "TRADE_SUCCESS",
      total_amount: alipayAmount(other.amount),
      trade_no: `T-${other.orderNo}`,
    });
    await keep(other.amount);
    const held = await balance();
    const refused = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${other.orderNo}`,
      headers: { ...headers, "accept-language": "vi" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/đơn hàng/i);
    const row = await orderRow(other.orderNo);
    expect([row.status, row.payMethod]).toEqual(["paid", "alipay"]);
    expect(await balance()).toBe(held);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});

describe("a held part under races (PostgreSQL: each request on a connection of its own)", () => {
  it("is kept or given back once when the rest's notification, the sweep, a cancel and the balance race", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      // The clock moves: a session of today's.
      headers = await signIn(t.app, "lestari", "lestari-pass-2027");
      // A balance short of the order, so that the cashier holds it as a part.
      const start = await balance();
      if (start !== 1_000) await keep(1_000 - start);
      const before = await balance();
      const bought = await order();
      expect((await openCashier(bought.orderNo, true)).status).toBe(200);
      const held = (await orderRow(bought.orderNo)).balanceHeld;
      expect(held).toBe(before);
      const rest = bought.amount - held;
      // Alipay's notification of the rest arrives (replayed) while the customer cancels, pays from
      // the balance and opens the cashier again; in half the rounds the order's time is past and the
      // sweep closes it as well; in the last, nobody closes it.
      const swept = round < 2;
      if (swept) clock = new Date(clock.getTime() + 3 * 3_600_000);
      const payFromBalance = () =>
        t.app.inject({ method: "POST", url: `/prod-api/order/pay/order/payFromBalance/${bought.orderNo}`, headers });
      const cancel = () =>
        t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/cancelOrder/${bought.orderNo}`, headers });
      const sweep = () => closeStaleOrders(t.database.db, clock, 2 * 3_600_000);
      const racers = [
        () => notify(bought.orderNo, rest),
        ...(swept ? [sweep, sweep] : []),
        () => notify(bought.orderNo, rest),
        round === 1 ? cancel : () => notify(bought.orderNo, rest),
        payFromBalance,
        () => openCashier(bought.orderNo, true),
        ...(round === 2 ? [cancel] : []),
      ];
      const answers = await Promise.allSettled(racers.map((run) => run()));
      expect(answers.filter((answer) => answer.status === "rejected")).toEqual([]);
      const after = await orderRow(bought.orderNo);
      const entries = await entriesOf(bought.orderNo);
      outcomes.push(after.status);
      if (after.status === "paid") {
        // Paid by Alipay's rest: the part stays taken, once; nothing else from the balance.
        expect(after.payMethod).toBe("alipay");
        expect(entries).toEqual([["hold", -held]]);
        expect(await balance()).toBe(before - held);
      } else {
        // Closed (swept or cancelled): the part back, once, and the late notifications pay nothing.
        expect(["closed", "cancelled"]).toContain(after.status);
        expect(entries).toEqual([
          ["hold", -held],
          ["reversal", held],
        ]);
        expect(await balance()).toBe(before);
      }
    }
    // Both ends were reached: the notification won (the last round at least), and the closers.
    expect(outcomes).toContain("paid");
    expect(outcomes.filter((status) => status !== "paid").length).toBeGreaterThan(0);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("never holds more than the balance when the cashiers of many orders open at once", async () => {
    headers = await signIn(t.app, "lestari", "lestari-pass-2027");
    const start = await balance();
    const bought = await Promise.all(Array.from({ length: 6 }, () => order()));
    // Enough for about two and a half of them.
    await keep(Math.floor(bought[0]!.amount * 2.5));
    const before = await balance();
    // Each order's cashier opened twice with the balance, some paid from it outright, all at once.
    await Promise.all([
      ...bought.flatMap((o) => [openCashier(o.orderNo, true), openCashier(o.orderNo, true)]),
      ...bought
        .slice(0, 3)
        .map((o) =>
          t.app.inject({ method: "POST", url: `/prod-api/order/pay/order/payFromBalance/${o.orderNo}`, headers }),
        ),
    ]);
    let taken = 0;
    for (const o of bought) {
      const entries = await entriesOf(o.orderNo);
      // At most one hold and one payment per order, and never a hold beside a payment in full.
      expect(entries.filter(([kind]) => kind === "hold").length).toBeLessThanOrEqual(1);
      expect(entries.filter(([kind]) => kind === "payment").length).toBeLessThanOrEqual(1);
      const row = await orderRow(o.orderNo);
      const heldOrPaid = entries.reduce((sum, [, amount]) => sum - Number(amount), 0);
      if (row.status === "paid") expect(heldOrPaid).toBe(o.amount);
      else expect(heldOrPaid).toBe(row.balanceHeld);
      taken += heldOrPaid;
    }
    expect(await balance()).toBe(before - taken);
    expect(await balance()).toBeGreaterThanOrEqual(0);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});
