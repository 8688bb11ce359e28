import { randomUUID } from "node:crypto";
import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizBalanceAdjustment, sysConfig, sysOperLog, sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { ledgerMismatches } from "./balance-ledger.ts";

const clock = new Date("2027-06-01T02:00:00Z");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestApp({ now: () => clock });
  const { db } = t.database;
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  users.an = await createUser(db, { userName: "an.customer", password: "an-pass-2027" });
  users.lan = await createUser(db, { userName: "lan.lotus", password: "lan-pass-2027", siteId: demo!.siteId });
  users.ops = await createUser(db, { userName: "second.ops", password: "ops-pass-2027", roles: [OPERATOR_ROLE] });
  as.an = await signIn(t.app, "an.customer", "an-pass-2027");
  as.ops = await signIn(t.app, "second.ops", "ops-pass-2027");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.lotus = await signInDemoSiteOperator(t.app, db);
}, 90_000);
afterAll(() => t.close());

const adjust = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/business/balance/adjust",
    headers,
    payload: { currency: "CNY", idempotencyKey: randomUUID(), ...payload },
  });
const decide = (headers: Record<string, string>, adjustmentId: number, decision: "confirm" | "reject") =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/business/balance/adjustments/${adjustmentId}/${decision}`,
    headers,
  });
const balanceOf = async (userId: number) =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;

describe("Business → Balances", () => {
  it("posts a small adjustment at once, with its reason for the customer to read, once per submit", async () => {
    const key = randomUUID();
    const payload = {
      userId: users.an,
      amount: 5_000,
      reason: "Goodwill for the outage on 30 May",
      idempotencyKey: key,
    };
    const first = await adjust(as.admin!, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      msg: "The adjustment is posted to the customer's balance",
      data: { status: "posted", amount: 5_000, userName: "an.customer", requestedBy: "admin", decidedBy: "admin" },
    });
    // The same submit again: the same adjustment, posted once.
    const again = await adjust(as.admin!, payload);
    expect(again.json().data.adjustmentId).toBe(first.json().data.adjustmentId);
    expect(await balanceOf(users.an!)).toBe(5_000);

    // The customer reads why in their ledger.
    const mine = await t.app.inject({ url: "/prod-api/control/balance", headers: as.an! });
    expect(mine.json().data.entries).toMatchObject([
      {
        kind: "adjustment",
        amount: 5_000,
        reference: `ADJ-${first.json().data.adjustmentId}`,
        note: "Goodwill for the outage on 30 May",
      },
    ]);
    // The operation log keeps who adjusted what.
    const logged = await t.database.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.route, "POST /prod-api/business/balance/adjust"));
    expect(logged[0]).toMatchObject({ userName: "admin", statusCode: 200 });
    expect(logged[0]!.after).toMatchObject({ status: "posted", amount: 5_000 });
  });

  it("refuses what cannot be, in the operator's language, and keeps nothing", async () => {
    const before = await t.database.db.select().from(bizBalanceAdjustment);
    const zh = { ...as.admin!, "accept-language": "zh-CN" };
    const uncovered = await adjust(zh, { userId: users.an, amount: -9_000, reason: "Chargeback" });
    expect(uncovered.statusCode).toBe(409);
    expect(uncovered.json().msg).toBe("余额（¥50.00）不足以扣减此金额（¥90.00），未做任何更改");
    const zero = await adjust(zh, { userId: users.an, amount: 0, reason: "Nothing" });
    expect(zero.json().msg).toBe("调整金额不能为零");
    const currency = await adjust(as.admin!, { userId: users.an, amount: 100, currency: "USD", reason: "Wrong money" });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().msg).toBe("This customer's balance can be adjusted in CNY only");
    const noReason = await adjust(as.admin!, { userId: users.an, amount: 100, reason: "" });
    expect(noReason.statusCode).toBe(400);
    // Nobody adjusts their own balance.
    const own = await adjust(as.ops!, { userId: users.ops, amount: 100, reason: "My own pocket" });
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe("An operator does not adjust their own balance: another operator does");
    // A customer may not adjust anything.
    expect((await adjust(as.an!, { userId: users.an, amount: 100, reason: "Self-service" })).statusCode).toBe(403);
    expect(await t.database.db.select().from(bizBalanceAdjustment)).toEqual(before);
    expect(await balanceOf(users.an!)).toBe(5_000);
  });

  it("holds a large adjustment for a second operator, who confirms it once however many press at once", async () => {
    const asked = await adjust(as.admin!, { userId: users.an, amount: 250_000, reason: "Prepaid by contract 2027-14" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().msg).toBe(
      "Above CN¥1,000.00, an adjustment needs a second operator: it waits in Business → Balances until another operator confirms it",
    );
    const { adjustmentId } = asked.json().data as { adjustmentId: number };
    expect(await balanceOf(users.an!)).toBe(5_000);

    // The operator who asked cannot confirm it.
    const own = await decide(as.admin!, adjustmentId, "confirm");
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe("An adjustment you asked for is confirmed or rejected by another operator");

    // The pending list shows it to the second operator.
    const pending = await t.app.inject({
      url: "/prod-api/business/balance/adjustments?status=pending",
      headers: as.ops!,
    });
    expect(pending.json().rows).toMatchObject([{ adjustmentId, requestedBy: "admin", amount: 250_000 }]);

    const presses = await Promise.all(Array.from({ length: 5 }, () => decide(as.ops!, adjustmentId, "confirm")));
    expect(presses.map((press) => press.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(presses.find((press) => press.statusCode === 409)!.json().msg).toBe(
      "This adjustment was already confirmed or rejected",
    );
    expect(await balanceOf(users.an!)).toBe(255_000);
    const ledger = await t.app.inject({
      url: `/prod-api/business/balance/ledger?userId=${users.an}`,
      headers: as.ops!,
    });
    expect(ledger.json().data).toMatchObject({
      customer: { userName: "an.customer" },
      accounts: [{ currency: "CNY", amount: 255_000 }],
      currencies: ["CNY"],
      confirmAbove: 100_000,
    });
    expect(ledger.json().data.entries[0]).toMatchObject({ madeBy: "admin, second.ops", amount: 250_000 });
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("leaves a held debit pending when the balance no longer covers it, and a rejection changes nothing", async () => {
    const asked = await adjust(as.ops!, { userId: users.an, amount: -200_000, reason: "Duplicate credit" });
    const { adjustmentId } = asked.json().data as { adjustmentId: number };
    // Meanwhile the balance goes down by a small debit.
    expect((await adjust(as.admin!, { userId: users.an, amount: -60_000, reason: "Correction" })).statusCode).toBe(200);
    const uncovered = await decide(as.admin!, adjustmentId, "confirm");
    expect(uncovered.statusCode).toBe(409);
    expect(uncovered.json().msg).toBe(
      "The balance (CN¥1,950.00) does not cover this debit (CN¥2,000.00): nothing was changed",
    );
    const [row] = await t.database.db
      .select()
      .from(bizBalanceAdjustment)
      .where(eq(bizBalanceAdjustment.adjustmentId, adjustmentId));
    expect(row).toMatchObject({ status: "pending", entryId: null });
    const rejected = await decide(as.admin!, adjustmentId, "reject");
    expect(rejected.json()).toMatchObject({
      msg: "Rejected: the customer's balance is unchanged",
      data: { status: "rejected", decidedBy: "admin" },
    });
    expect(await balanceOf(users.an!)).toBe(195_000);
  });

  it("shows an operator bound to a site that site's customers only", async () => {
    const list = await t.app.inject({
      url: "/prod-api/business/balance/list?pageNum=1&pageSize=50",
      headers: as.lotus!,
    });
    expect(list.statusCode).toBe(200);
    const names = (list.json().rows as { userName: string }[]).map((row) => row.userName);
    expect(names).toContain("lan.lotus");
    expect(names).not.toContain("an.customer");
    // The demo brand sells in its own currency: a customer who never had a balance is listed at zero in it.
    const [demo] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
    expect(list.json().rows.find((row: { userName: string }) => row.userName === "lan.lotus")).toMatchObject({
      amount: 0,
      currency: demo!.currency.toUpperCase(),
      updatedAt: null,
    });
    // Another site's customer is as good as missing, to read or to adjust.
    expect(
      (await t.app.inject({ url: `/prod-api/business/balance/ledger?userId=${users.an}`, headers: as.lotus! }))
        .statusCode,
    ).toBe(404);
    expect((await adjust(as.lotus!, { userId: users.an, amount: 100, reason: "Not mine" })).statusCode).toBe(404);
    // The administrator sees everyone, largest balance first; searched by name.
    const all = await t.app.inject({
      url: "/prod-api/business/balance/list?pageNum=1&pageSize=10&customer=an.cus",
      headers: as.admin!,
    });
    expect(all.json()).toMatchObject({
      total: 1,
      rows: [{ userName: "an.customer", amount: 195_000, currency: "CNY" }],
    });
    const funded = await t.app.inject({
      url: "/prod-api/business/balance/list?pageNum=1&pageSize=10&funded=true",
      headers: as.admin!,
    });
    expect(funded.json().rows.map((row: { userName: string }) => row.userName)).toEqual(["an.customer"]);
  });

  it("takes the two-person amount from the settings, and refuses one that is not a whole amount", async () => {
    const { db } = t.database;
    const [setting] = await db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, "sys.balance.adjustConfirmAbove"));
    const save = (configValue: string) =>
      t.app.inject({
        method: "PUT",
        url: "/prod-api/system/config/sys.balance.adjustConfirmAbove",
        headers: as.admin!,
        payload: { configName: setting!.configName, configValue },
      });
    expect((await save("12.5")).statusCode).toBe(400);
    const zero = await save("0");
    expect(zero.statusCode, zero.body).toBe(200);
    // Every adjustment now waits for a second operator, however small.
    const asked = await adjust(as.admin!, { userId: users.an, amount: 1, reason: "Rounding" });
    expect(asked.json().data.status).toBe("pending");
    expect(await balanceOf(users.an!)).toBe(195_000);
  });
});
