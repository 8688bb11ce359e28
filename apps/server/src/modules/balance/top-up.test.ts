import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizBalance,
  bizBalanceEntry,
  bizInvoice,
  bizOrder,
  bizPayNotify,
  bizService,
  sysConfig,
  sysMail,
  sysSite,
  sysUser,
} from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AlipayStandIn } from "../../testing/alipay-stand-in.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import { alipayAmount } from "../payments/alipay-channel.ts";
import { ledgerMismatches, postEntry } from "./balance-ledger.ts";

const gateway = new AlipayStandIn();
const clock = new Date("2027-04-02T09:00:00Z");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  await gateway.start();
  t = await openTestApp({ alipay: gateway.settings(), now: () => clock });
  for (const name of ["linh", "wei", "dewi", "minh"]) {
    users[name] = await createUser(t.database.db, { userName: name, password: `${name}-pass-2027` });
    await t.database.db
      .update(sysUser)
      .set({ email: `${name}@example.com` })
      .where(eq(sysUser.userId, users[name]!));
    as[name] = await signIn(t.app, name, `${name}-pass-2027`);
  }
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // Four accounts made and signed in (their passwords hashed): slow on a busy machine.
}, 90_000);
afterAll(async () => {
  await t.close();
  await gateway.stop();
});

type OrderAnswer = { orderNo: string; amount: number; currency: string; status: string };

const topUp = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/control/balance/topup",
    headers,
    payload: { payMethod: "alipay", idempotencyKey: randomUUID(), ...payload },
  });
const placed = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
  const response = await topUp(headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json().data as OrderAnswer;
};
const notify = (fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/pay/notify/alipay",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
/** Paid through Alipay: its notification, and the trade as Alipay would answer a query or a refund. */
const payByAlipay = async (order: OrderAnswer) => {
  const fields = gateway.notification({ orderNo: order.orderNo, amount: alipayAmount(order.amount) });
  expect((await notify(fields)).body).toBe("success");
  gateway.trades.set(order.orderNo, {
    trade_status: "TRADE_SUCCESS",
    total_amount: alipayAmount(order.amount),
    trade_no: fields.trade_no!,
  });
  return fields;
};
const operator = (action: "confirmOffline" | "refundOrder", orderNo: string, headers = as.admin!) =>
  t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/${action}/${orderNo}`, headers, payload: {} });

const balanceOf = async (userId: number) =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;
const entriesOf = async (userId: number) =>
  (
    await t.database.db
      .select({ entry: bizBalanceEntry })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalance.userId, userId))
      .orderBy(asc(bizBalanceEntry.entryId))
  ).map((row) => row.entry);
const orderRow = async (orderNo: string) =>
  (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)))[0]!;

describe("topping up the balance", () => {
  it("credits once however often Alipay repeats itself, with a receipt and no service", async () => {
    const { db } = t.database;
    // The site calls its documents commercial invoices and its prices include 9 % tax: a top-up's
    // document is a receipt all the same, with no tax in it (the tax is on what the balance buys).
    await db
      .update(sysSite)
      .set({ documentTitle: "commercial_invoice", taxRateBp: 900 })
      .where(eq(sysSite.isDefault, true));
    const key = randomUUID();
    const first = await topUp(as.linh!, { amount: 50_000, idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const order = first.json().data as OrderAnswer;
    expect(order).toMatchObject({
      product: "balance",
      action: "topup",
      status: "unpaid",
      amount: 50_000,
      currency: "CNY",
      payMethod: "alipay",
    });
    // The same submit again answers the same top-up.
    const again = await topUp(as.linh!, { amount: 50_000, idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderNo).toBe(order.orderNo);

    // The cashier opens for it as for any order.
    const cashier = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payOrder/${order.orderNo}`,
      headers: as.linh!,
    });
    expect(cashier.statusCode).toBe(200);
    expect(JSON.parse(new URL(cashier.json().data.url).searchParams.get("biz_content") ?? "{}")).toMatchObject({
      out_trade_no: order.orderNo,
      total_amount: "500.00",
    });

    // Alipay's notification ten times, five of them at once.
    const fields = gateway.notification({ orderNo: order.orderNo, amount: alipayAmount(order.amount) });
    const answers = [
      ...(await Promise.all(Array.from({ length: 5 }, () => notify(fields)))),
      ...(await Promise.all(Array.from({ length: 5 }, () => notify(fields)))),
    ];
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill("success"));
    const outcomes = await db.select().from(bizPayNotify).where(eq(bizPayNotify.orderNo, order.orderNo));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual([...Array(9).fill("duplicate"), "paid"]);

    expect(await balanceOf(users.linh!)).toBe(50_000);
    expect(await entriesOf(users.linh!)).toEqual([
      expect.objectContaining({
        kind: "topup",
        amount: 50_000,
        reference: order.orderNo,
        madeBy: "payment",
        balanceAfter: 50_000,
      }),
    ]);
    expect(await db.select().from(bizService).where(eq(bizService.orderNo, order.orderNo))).toEqual([]);
    const [receipt] = await db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, order.orderNo));
    expect(receipt!.snapshot).toMatchObject({
      documentTitle: "receipt",
      taxRateBp: 0,
      tax: 0,
      total: 50_000,
      lines: [{ description: { product: "balance", action: "topup" }, amount: 50_000 }],
    });
    await db.update(sysSite).set({ documentTitle: "receipt", taxRateBp: 0 }).where(eq(sysSite.isDefault, true));
    const printed = await pdfText(await renderInvoicePdf(receipt!, "zh-CN"));
    expect(printed).toContain("收据");
    expect(printed).toContain("账户余额充值");
    expect(printed).not.toContain("商业发票");

    // Its mail is a top-up's receipt, with the balance it made, not "your service is active".
    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(sysMail)
              .where(like(sysMail.messageId, `<order-paid-${order.orderNo}@%`))
          ).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const [mail] = await db
      .select()
      .from(sysMail)
      .where(like(sysMail.messageId, `<order-paid-${order.orderNo}@%`));
    expect(mail!.subject).toBe(`Receipt for your top-up ${order.orderNo} — Rampart Cloud`);
    expect(mail!.text).toContain("Amount added: CN¥500.00\nBalance now: CN¥500.00");
    expect(mail!.text).not.toContain("My services");

    // My orders and Business → Orders show it as a top-up (no configuration), found by its product.
    const mine = await t.app.inject({
      url: "/prod-api/order/trade/order/myOrders?pageNum=1&pageSize=10",
      headers: as.linh!,
    });
    expect(mine.json().rows[0]).toMatchObject({ orderNo: order.orderNo, action: "topup", status: "paid" });
    const listed = await t.app.inject({
      url: "/prod-api/order/trade/order/list?pageNum=1&pageSize=10&product=balance&userName=linh",
      headers: as.admin!,
    });
    expect(listed.json().rows).toEqual([expect.objectContaining({ orderNo: order.orderNo, configuration: "" })]);
    expect(await ledgerMismatches(db)).toEqual([]);
    // Its mail is written by a job after the payment commits.
  }, 60_000);

  it("refuses an amount outside the site's bounds and another currency, in the customer's language", async () => {
    const tooSmall = await topUp(as.wei!, { amount: 999 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().msg).toBe("A top-up must be between CN¥10.00 and CN¥100,000.00");
    const tooLarge = await topUp({ ...as.wei!, "accept-language": "zh-CN" }, { amount: 10_000_001 });
    expect(tooLarge.json().msg).toBe("单次充值金额须在 ¥10.00 至 ¥100,000.00 之间");
    const dollars = await topUp({ ...as.wei!, "accept-language": "id" }, { amount: 5_000, currency: "USD" });
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json().msg).toBe("Saldo Anda di situs ini dalam CNY: isi ulang dalam CNY");
    expect(await t.database.db.select().from(bizOrder).where(eq(bizOrder.userId, users.wei!))).toEqual([]);

    // The bounds are settings, checked when saved.
    const save = async (configKey: string, configValue: string) => {
      const [row] = await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, configKey));
      return t.app.inject({
        method: "PUT",
        url: `/prod-api/system/config/${configKey}`,
        headers: as.admin!,
        payload: { configName: row!.configName, configValue },
      });
    };
    expect((await save("sys.balance.topupMin", "ten")).statusCode).toBe(400);
    expect((await save("sys.balance.topupMin", "0")).statusCode).toBe(400);
    expect((await save("sys.balance.topupMin", "500")).statusCode).toBe(200);
    expect((await topUp(as.wei!, { amount: 500, payMethod: "offline" })).statusCode).toBe(201);
    expect((await save("sys.balance.topupMin", "1000")).statusCode).toBe(200);
  });

  it("credits an offline top-up once, however many operators confirm it at once", async () => {
    const order = await placed(as.dewi!, { amount: 20_000, payMethod: "offline" });
    const described = await t.app.inject({
      url: `/prod-api/order/trade/order/describeOrder/${order.orderNo}`,
      headers: as.dewi!,
    });
    expect(described.json().data).toMatchObject({ status: "unpaid", action: "topup" });
    const confirmations = await Promise.all([0, 1, 2].map(() => operator("confirmOffline", order.orderNo)));
    expect(confirmations.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(users.dewi!)).toBe(20_000);
    expect(await entriesOf(users.dewi!)).toEqual([
      expect.objectContaining({ kind: "topup", amount: 20_000, reference: order.orderNo, madeBy: "admin" }),
    ]);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("is never paid from the balance it would credit (FOSSBilling #2988)", async () => {
    // Dewi has 200.00 from her top-up; a second top-up of 100.00 cannot be paid with it.
    const order = await placed(as.dewi!, { amount: 10_000, payMethod: "alipay" });
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/pay/order/payFromBalance/${order.orderNo}`,
      headers: { ...as.dewi!, "accept-language": "vi" },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().msg).toBe(
      "Lệnh nạp tiền được thanh toán qua kênh thanh toán hoặc chuyển khoản, không thể trả bằng chính số dư mà nó nạp vào",
    );
    expect((await orderRow(order.orderNo)).status).toBe("unpaid");
    expect(await balanceOf(users.dewi!)).toBe(20_000);
  });

  it("refunds a top-up only while the balance still holds it, taking it back from the balance once", async () => {
    const { db } = t.database;
    const minh = users.minh!;
    // Paid through Alipay, untouched: refunded through Alipay, and taken back from the balance.
    const kept = await placed(as.minh!, { amount: 30_000 });
    await payByAlipay(kept);
    expect(await balanceOf(minh)).toBe(30_000);
    const refunded = await operator("refundOrder", kept.orderNo);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data.status).toBe("refunded");
    expect(gateway.calls.at(-1)).toMatchObject({
      method: "alipay.trade.refund",
      bizContent: { out_trade_no: kept.orderNo },
    });
    expect(await balanceOf(minh)).toBe(0);
    // Refunded again: a conflict, nothing taken twice.
    expect((await operator("refundOrder", kept.orderNo)).statusCode).toBe(409);
    expect((await entriesOf(minh)).map((entry) => [entry.kind, entry.amount, entry.madeBy])).toEqual([
      ["topup", 30_000, "payment"],
      ["reversal", -30_000, "admin"],
    ]);
    // Its refund's document refers to its receipt.
    const documents = await db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, kept.orderNo));
    expect(documents.map((row) => row.kind).sort()).toEqual(["credit_note", "invoice"]);

    // Paid, then partly spent (an order paid from the balance): the refund is refused, nothing moves.
    const spent = await placed(as.minh!, { amount: 40_000 });
    await payByAlipay(spent);
    await postEntry(db, {
      userId: minh,
      currency: "CNY",
      amount: -15_000,
      kind: "payment",
      reference: `spent-${spent.orderNo}`,
      madeBy: "minh",
      now: clock,
    });
    const calls = gateway.calls.length;
    const refused = await operator("refundOrder", spent.orderNo, { ...as.admin!, "accept-language": "zh-TW" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      "此筆儲值無法退款：餘額（CN¥250.00）已不足以扣回該筆儲值（CN¥400.00），已消費的金額恕不退還",
    );
    expect(gateway.calls.length).toBe(calls); // Alipay was not asked to refund
    expect((await orderRow(spent.orderNo)).status).toBe("paid");
    expect(await balanceOf(minh)).toBe(25_000);

    // An offline top-up refunded: taken back from the balance in the refund's transaction.
    const offline = await placed(as.minh!, { amount: 5_000, payMethod: "offline" });
    expect((await operator("confirmOffline", offline.orderNo)).statusCode).toBe(200);
    expect(await balanceOf(minh)).toBe(30_000);
    expect((await operator("refundOrder", offline.orderNo)).statusCode).toBe(200);
    expect(await balanceOf(minh)).toBe(25_000);
    const reversals = (await entriesOf(minh)).filter((entry) => entry.kind === "reversal");
    expect(reversals).toHaveLength(2);
    expect(
      await db
        .select()
        .from(bizOrder)
        .where(and(eq(bizOrder.userId, minh), eq(bizOrder.status, "refunded"))),
    ).toHaveLength(2);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
