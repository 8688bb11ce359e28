import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizOrder, bizPayNotify, sysMail, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { postEntry } from "./balance-ledger.ts";
import { reconcileBalances } from "./reconciliation.ts";

let clock = new Date("2027-07-01T02:41:00Z");
const now = () => clock;
let t: TestApp;
let runner: JobRunner;
let mail: MailOutbox;
let userId = 0;

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  runner = new JobRunner(t.database, t.app.log);
  mail = new MailOutbox(
    { db: t.database.db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  await runner.start();
  const { db } = t.database;
  userId = await createUser(db, { userName: "quang", password: "quang-pass-2027" });
  await db.update(sysUser).set({ email: "admin@rampart.test" }).where(eq(sysUser.userName, "admin"));
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

/** A top-up order as the payment would leave it. */
async function topUpOrder(orderNo: string, fields: Partial<typeof bizOrder.$inferInsert> = {}) {
  await t.database.db.insert(bizOrder).values({
    orderNo,
    userId,
    product: "balance",
    action: "topup",
    configuration: { product: "balance", edition: "", quantities: {}, options: [], duration: "month-1" } as never,
    amount: 20_000,
    originalPrice: fields.amount ?? 20_000,
    idempotencyKey: orderNo,
    discount: 0,
    currency: "CNY",
    payMethod: "offline",
    status: "paid",
    paidAt: clock,
    createdAt: clock,
    ...fields,
  });
}

describe("the daily reconciliation of the balances", () => {
  it("finds nothing wrong when every balance and top-up adds up, and runs once a day", async () => {
    const { db } = t.database;
    await topUpOrder("TOPUP-GOOD-1");
    await postEntry(db, {
      userId,
      currency: "CNY",
      amount: 20_000,
      kind: "topup",
      reference: "TOPUP-GOOD-1",
      madeBy: "payment",
      now: clock,
    });
    const found = await reconcileBalances({ db, mail }, clock);
    expect(found).toMatchObject({ day: "2027-07-01", balances: 1, problems: [] });
    // A second run the same day (another process): nothing done twice.
    expect(await reconcileBalances({ db, mail }, clock)).toBeNull();
    expect(await db.select().from(sysMail).where(like(sysMail.messageId, "<balance-reconciliation-%"))).toEqual([]);
    // System monitoring → Server shows the run.
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const status = await t.app.inject({ url: "/prod-api/monitor/server", headers: admin });
    expect(status.json().data.balanceReconciliation).toMatchObject({ day: "2027-07-01", balances: 1, problems: [] });
  });

  it("reports what does not add up, to the operators and in monitoring, and repairs nothing", async () => {
    const { db } = t.database;
    clock = new Date("2027-07-02T02:41:00Z");
    // The administrator reads the report in Vietnamese (set after the sign-in above, which records English).
    await db.update(sysUser).set({ language: "vi" }).where(eq(sysUser.userName, "admin"));
    // Paid, never credited.
    await topUpOrder("TOPUP-LOST-1", { amount: 30_000 });
    // Credited with no top-up behind it.
    await postEntry(db, {
      userId,
      currency: "CNY",
      amount: 5_000,
      kind: "topup",
      reference: "TOPUP-NONE-1",
      madeBy: "payment",
      now: clock,
    });
    // Paid online with no word from the channel.
    await topUpOrder("TOPUP-ALIPAY-1", { payMethod: "alipay", tradeNo: "2027070222001", amount: 10_000 });
    await postEntry(db, {
      userId,
      currency: "CNY",
      amount: 10_000,
      kind: "topup",
      reference: "TOPUP-ALIPAY-1",
      madeBy: "payment",
      now: clock,
    });
    // Paid online and notified: fine.
    await topUpOrder("TOPUP-ALIPAY-2", { payMethod: "alipay", tradeNo: "2027070222002", amount: 10_000 });
    await postEntry(db, {
      userId,
      currency: "CNY",
      amount: 10_000,
      kind: "topup",
      reference: "TOPUP-ALIPAY-2",
      madeBy: "payment",
      now: clock,
    });
    await db
      .insert(bizPayNotify)
      .values({ channel: "alipay", orderNo: "TOPUP-ALIPAY-2", outcome: "paid", raw: {}, receivedAt: clock });
    // Refunded, its credit never taken back.
    await topUpOrder("TOPUP-KEPT-1", { status: "refunded", refundedAt: clock, amount: 7_000 });
    await postEntry(db, {
      userId,
      currency: "CNY",
      amount: 7_000,
      kind: "topup",
      reference: "TOPUP-KEPT-1",
      madeBy: "payment",
      now: clock,
    });
    // A balance changed behind the ledger's back.
    const [before] = await db.select().from(bizBalance).where(eq(bizBalance.userId, userId));
    await db
      .update(bizBalance)
      .set({ amount: before!.amount + 1 })
      .where(eq(bizBalance.userId, userId));

    const found = await reconcileBalances({ db, mail }, clock);
    expect(found!.problems.map((p) => [p.kind, p.orderNo, p.amount, p.expected])).toEqual([
      ["ledger", null, 52_001, 52_000],
      ["uncredited", "TOPUP-LOST-1", 30_000, null],
      ["unpaid", "TOPUP-NONE-1", 5_000, null],
      ["unrecorded", "TOPUP-ALIPAY-1", 10_000, null],
      ["kept", "TOPUP-KEPT-1", 7_000, null],
    ]);
    // Nothing repaired.
    const [after] = await db.select().from(bizBalance).where(eq(bizBalance.userId, userId));
    expect(after!.amount).toBe(52_001);

    // The administrator is told, in their language, once.
    const mails = await db
      .select()
      .from(sysMail)
      .where(like(sysMail.messageId, "<balance-reconciliation-2027-07-02-%"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Số dư không khớp: 5 mục cần kiểm tra (2027-07-02) — Rampart Cloud");
    expect(mails[0]!.text).toContain("- quang: số dư ghi nhận 520,01");
    expect(mails[0]!.text).toContain("- Lệnh nạp TOPUP-LOST-1 (quang, 300,00");
    expect(mails[0]!.html).toContain("/monitor/server");

    // Monitoring: the console's server page and the metrics.
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const status = await t.app.inject({ url: "/prod-api/monitor/server", headers: admin });
    expect(status.json().data.balanceReconciliation.problems).toHaveLength(5);
    // An operator bound to another site sees none of this site's customers' problems.
    const lotus = await signInDemoSiteOperator(t.app, db);
    const theirs = await t.app.inject({ url: "/prod-api/monitor/server", headers: lotus });
    expect(theirs.json().data.balanceReconciliation).toMatchObject({ day: "2027-07-02", problems: [] });
  });
});
