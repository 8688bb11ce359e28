import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizBalanceEntry, bizOrder, bizService } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { ledgerMismatches, postEntry, reverseEntry } from "./balance-ledger.ts";

// The server's clock, moved by hand.
const clock = new Date("2027-03-10T08:00:00Z");
const now = () => clock;
let t: TestApp;
const users: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestApp({ now });
  for (const name of ["hana", "bao", "tuan", "sari"])
    users[name] = await createUser(t.database.db, { userName: name, password: `${name}-pass-2027` });
});
afterAll(() => t.close());

/** An operator's correction, as Business → Balances will post it. */
const credit = (userId: number, amount: number, reference: string = randomUUID()) =>
  postEntry(t.database.db, {
    userId,
    currency: "CNY",
    amount,
    kind: "adjustment",
    reference,
    madeBy: "admin",
    note: "opening balance",
    now: clock,
  });

const balanceOf = async (userId: number) =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;

describe("the balance ledger", () => {
  it("moves a balance only by entries, once per kind and reference, never below zero", async () => {
    const userId = users.hana!;
    const first = await credit(userId, 10_000, "adj-hana-1");
    expect(first).toMatchObject({ ok: true, balance: 10_000, repeated: false });
    // The same posting again (a retried request) answers the entry already made.
    expect(await credit(userId, 10_000, "adj-hana-1")).toMatchObject({ ok: true, balance: 10_000, repeated: true });

    const spend = (amount: number, reference: string) =>
      postEntry(t.database.db, {
        userId,
        currency: "CNY",
        amount: -amount,
        kind: "payment",
        reference,
        madeBy: "hana",
        now: clock,
      });
    expect(await spend(2_500, "order-a")).toMatchObject({ ok: true, balance: 7_500 });
    // More than is left: refused, nothing written.
    expect(await spend(7_501, "order-b")).toEqual({ ok: false, reason: "insufficient", balance: 7_500 });
    expect(await balanceOf(userId)).toBe(7_500);
    const entries = await t.database.db
      .select()
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalance.userId, userId));
    expect(entries.map((row) => [row.biz_balance_entry.amount, row.biz_balance_entry.balanceAfter])).toEqual([
      [10_000, 10_000],
      [-2_500, 7_500],
    ]);
    // A mistake is answered by its exact opposite, once.
    const reversed = await reverseEntry(t.database.db, first.ok ? first.entry.entryId : 0, {
      madeBy: "admin",
      note: "wrong customer",
      now: clock,
    });
    // The credit was partly spent: reversing all of it would go below zero.
    expect(reversed).toEqual({ ok: false, reason: "insufficient", balance: 7_500 });
    const payment = entries[1]!.biz_balance_entry;
    expect(await reverseEntry(t.database.db, payment.entryId, { madeBy: "admin", now: clock })).toMatchObject({
      ok: true,
      balance: 10_000,
      repeated: false,
      entry: { kind: "reversal", amount: 2_500, reverses: payment.entryId },
    });
    expect(await reverseEntry(t.database.db, payment.entryId, { madeBy: "admin", now: clock })).toMatchObject({
      ok: true,
      repeated: true,
    });
    expect(await balanceOf(userId)).toBe(10_000);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("cannot be edited or deleted, and a balance changed behind its back is reported", async () => {
    const userId = users.bao!;
    await credit(userId, 5_000);
    const { db } = t.database;
    // What the database answers (Drizzle wraps it in its own "Failed query").
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "done",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.update(bizBalanceEntry).set({ amount: 9_999 }))).toMatch(/append-only/);
    expect(await refusal(db.delete(bizBalanceEntry))).toMatch(/append-only/);
    expect(await refusal(db.update(bizBalance).set({ amount: -1 }).where(eq(bizBalance.userId, userId)))).toMatch(
      /biz_balance_not_negative/,
    );
    // A balance written by hand no longer equals its ledger: the check names it, and repairs nothing.
    await db.update(bizBalance).set({ amount: 6_000 }).where(eq(bizBalance.userId, userId));
    expect(await ledgerMismatches(db)).toEqual([
      expect.objectContaining({ userId, currency: "CNY", amount: 6_000, sumOfEntries: 5_000, lastBalanceAfter: 5_000 }),
    ]);
    expect(await balanceOf(userId)).toBe(6_000);
    await db.update(bizBalance).set({ amount: 5_000 }).where(eq(bizBalance.userId, userId));
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it("never spends the same money twice, however many debits race", async () => {
    const userId = users.tuan!;
    await credit(userId, 1_000);
    // 50 debits of 30 at once, each its own transaction: 33 fit in 1,000.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postEntry(t.database.db, {
          userId,
          currency: "CNY",
          amount: -30,
          kind: "payment",
          reference: `race-${i}`,
          madeBy: "tuan",
          now: clock,
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(33);
    expect(await balanceOf(userId)).toBe(10);
    const [sum] = await t.database.db
      .select({ total: sql<string>`sum(${bizBalanceEntry.amount})` })
      .from(bizBalanceEntry)
      .innerJoin(bizBalance, eq(bizBalance.balanceId, bizBalanceEntry.balanceId))
      .where(eq(bizBalance.userId, userId));
    expect(Number(sum!.total)).toBe(10);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});

describe("paying an order from the balance", () => {
  const order = async (headers: Record<string, string>, configuration: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers,
      payload: { product: "ddos", configuration, action: "new", payMethod: "balance", idempotencyKey: randomUUID() },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as { orderNo: string; amount: number; currency: string };
  };
  const pay = (headers: Record<string, string>, orderNo: string) =>
    t.app.inject({ method: "POST", url: `/prod-api/order/pay/order/payFromBalance/${orderNo}`, headers });

  it("pays in full once, starts the service, and refuses what the balance does not cover", async () => {
    const sari = await signIn(t.app, "sari", "sari-pass-2027");
    const bought = await order(sari, "bandwidth=100&duration=month-1");
    await credit(users.sari!, bought.amount + 100);

    // Ten presses at once: one payment, one service, one ledger entry.
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(sari, bought.orderNo)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toMatchObject({
      msg: "Paid from your balance",
      data: { orderNo: bought.orderNo, status: "paid", payMethod: "balance" },
    });
    expect(answers.find((answer) => answer.statusCode === 409)!.json().msg).toBe(
      "This order is no longer waiting for payment",
    );
    const { db } = t.database;
    expect(await db.select().from(bizService).where(eq(bizService.orderNo, bought.orderNo))).toHaveLength(1);
    expect(await balanceOf(users.sari!)).toBe(100);

    // A second order, more than is left: refused in the customer's language, nothing changed.
    const next = await order(sari, "bandwidth=100&duration=month-1");
    const refused = await pay({ ...sari, "accept-language": "vi" }, next.orderNo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^Số dư của bạn \(1,00\sCN¥\) không đủ để thanh toán đơn hàng này \(.+\sCN¥\)$/);
    const [unpaid] = await db.select().from(bizOrder).where(eq(bizOrder.orderNo, next.orderNo));
    expect(unpaid!.status).toBe("unpaid");
    expect(await balanceOf(users.sari!)).toBe(100);

    // Another customer cannot pay it with theirs.
    const hana = await signIn(t.app, "hana", "hana-pass-2027");
    expect((await pay(hana, next.orderNo)).statusCode).toBe(404);

    // The customer reads it in Control center → Balance, newest first, filtered by kind.
    const read = await t.app.inject({ method: "GET", url: "/prod-api/control/balance?kind=payment", headers: sari });
    expect(read.json().data).toMatchObject({
      accounts: [{ currency: "CNY", amount: 100 }],
      total: 1,
      entries: [
        { kind: "payment", amount: -bought.amount, reference: bought.orderNo, balanceAfter: 100, madeBy: "sari" },
      ],
    });
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
