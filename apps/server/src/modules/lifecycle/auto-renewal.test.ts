import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalanceEntry, bizOrder, bizService, sysMail, sysUser } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { ledgerMismatches, postEntry } from "../balance/balance-ledger.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { payRenewalsFromBalance } from "./auto-renewal.ts";

// The server's clock, moved by hand.
let clock = new Date("2027-04-01T08:00:00Z");
const now = () => clock;
let t: TestApp;
let customer: Record<string, string>;
let admin: Record<string, string>;
let userId = 0;
let runner: JobRunner;
let mail: MailOutbox;
let emitEvent: EmitEvent;
const silent = { info() {}, warn() {}, error() {} } as never;

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  runner = new JobRunner(t.database, t.app.log);
  mail = new MailOutbox(
    { db: t.database.db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  emitEvent = emitEventAsTheServer(runner, { db: t.database.db, mail, now, log: t.app.log });
  await runner.start();
  userId = await createUser(t.database.db, { userName: "khanh", password: "khanh-pass-2027" });
  customer = await signIn(t.app, "khanh", "khanh-pass-2027", { "accept-language": "vi" });
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // After signing in (which records the language asked in): a Vietnamese reader.
  await t.database.db
    .update(sysUser)
    .set({ email: "khanh@example.vn", language: "vi", autoRenewNew: true })
    .where(eq(sysUser.userId, userId));
}, 90_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const post = async (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers, payload });

/** A package bought and confirmed, then its renewal order as the lifecycle (or the customer) places it. */
async function packageWithRenewal() {
  // Sessions last 12 hours and the clock moves by days: signed in again each time.
  customer = await signIn(t.app, "khanh", "khanh-pass-2027", { "accept-language": "vi" });
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const bought = await post("/prod-api/order/trade/order/createOrder", customer, {
    product: "ddos",
    configuration: "bandwidth=100&duration=month-1",
    action: "new",
    payMethod: "offline",
    idempotencyKey: randomUUID(),
  });
  const { orderNo } = bought.json().data as { orderNo: string };
  expect((await post(`/prod-api/order/trade/order/confirmOffline/${orderNo}`, admin)).statusCode).toBe(200);
  const renewal = await post("/prod-api/order/trade/order/createOrder", customer, {
    product: "ddos",
    configuration: "",
    action: "renew",
    serviceOrderNo: orderNo,
    payMethod: "offline",
    idempotencyKey: randomUUID(),
  });
  expect(renewal.statusCode).toBe(201);
  return { orderNo, renewal: renewal.json().data as { orderNo: string; amount: number } };
}

const serviceOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo)))[0]!;
const run = () => payRenewalsFromBalance({ db: t.database.db, mail, emitEvent, log: silent }, clock);

describe("automatic renewal from the balance", () => {
  it("pays a renewal once a day at most, tells a short balance once, and pays when topped up", async () => {
    const { orderNo, renewal } = await packageWithRenewal();
    // The customer chose it for new packages: the package renews from the balance.
    expect((await serviceOf(orderNo)).autoRenew).toBe(true);
    const expiry = (await serviceOf(orderNo)).expiresAt.getTime();

    // Nothing in the balance: tried, short, mailed once.
    expect(await run()).toEqual({ paid: 0, short: 1 });
    expect(await run()).toEqual({ paid: 0, short: 0 });
    const short = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "auto_renewal_short"));
    expect(short).toHaveLength(1);
    expect(short[0]!.subject).toContain("Số dư không đủ để gia hạn");
    expect(short[0]!.text.replace(/\s+/g, " ")).toContain(`đơn gia hạn ${renewal.orderNo}`);

    // Topped up (an operator's credit here); the same day is not tried again, the next day is.
    await postEntry(t.database.db, {
      userId,
      currency: "CNY",
      amount: renewal.amount,
      kind: "adjustment",
      reference: "khanh-topup-1",
      madeBy: "admin",
      now: clock,
    });
    expect(await run()).toEqual({ paid: 0, short: 0 });
    clock = new Date(clock.getTime() + 86_400_000);
    // Four runs at once (two processes, a retried job): one payment, one extension.
    const runs = await Promise.all([run(), run(), run(), run()]);
    expect(runs.reduce((sum, done) => sum + done.paid, 0)).toBe(1);
    const [paid] = await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, renewal.orderNo));
    expect(paid).toMatchObject({ status: "paid", payMethod: "balance" });
    expect((await serviceOf(orderNo)).expiresAt.getTime()).toBeGreaterThan(expiry);
    const payments = await t.database.db
      .select()
      .from(bizBalanceEntry)
      .where(and(eq(bizBalanceEntry.kind, "payment"), eq(bizBalanceEntry.reference, renewal.orderNo)));
    expect(payments).toMatchObject([{ amount: -renewal.amount, balanceAfter: 0, madeBy: "job:auto-renewal" }]);
    // No second short-balance mail was written for the order.
    expect(await t.database.db.select().from(sysMail).where(eq(sysMail.event, "auto_renewal_short"))).toHaveLength(1);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("pays a package's overage orders from the balance the same way, once, and only for packages renewing from it", async () => {
    const { orderNo } = await packageWithRenewal();
    const { orderNo: other } = await packageWithRenewal();
    await post(`/prod-api/order/mall/product/autoRenew/${other}`, customer, { autoRenew: false });
    // Bandwidth beyond each package last month, billed as the overage job places it.
    const overage = async (serviceOrderNo: string) => {
      const service = await serviceOf(serviceOrderNo);
      const [row] = await t.database.db
        .insert(bizOrder)
        .values({
          orderNo: `2027${String(Math.floor(Math.random() * 1e14)).padStart(14, "0")}`,
          userId,
          siteId: service.siteId,
          product: service.product,
          action: "overage",
          serviceOrderNo,
          configuration: service.configuration,
          currency: "CNY",
          originalPrice: 12_345,
          discount: 0,
          amount: 12_345,
          payMethod: "offline",
          idempotencyKey: `overage:${service.serviceId}:2027-03`,
          createdAt: clock,
        })
        .returning();
      return row!.orderNo;
    };
    const billed = await overage(orderNo);
    const notRenewing = await overage(other);
    await postEntry(t.database.db, {
      userId,
      currency: "CNY",
      amount: 12_345,
      kind: "adjustment",
      reference: "khanh-overage",
      madeBy: "admin",
      now: clock,
    });
    clock = new Date(clock.getTime() + 86_400_000);
    // The two renewals are short (and mailed as such); the overage order is paid, once.
    const runs = await Promise.all([run(), run()]);
    expect(runs.reduce((sum, done) => sum + done.paid, 0)).toBe(1);
    const statusOf = async (no: string) =>
      (await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, no)))[0]!;
    expect(await statusOf(billed)).toMatchObject({ status: "paid", payMethod: "balance" });
    expect((await statusOf(notRenewing)).status).toBe("unpaid");
    // Short of an overage order: no renewal mail about it (its own mail asked for the payment).
    const shortMails = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "auto_renewal_short"));
    expect(shortMails.some((row) => row.text.includes(notRenewing) || row.text.includes(billed))).toBe(false);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    // Its renewal, still short, is left to the customer from here.
    customer = await signIn(t.app, "khanh", "khanh-pass-2027", { "accept-language": "vi" });
    const off = await post(`/prod-api/order/mall/product/autoRenew/${orderNo}`, customer, { autoRenew: false });
    expect(off.statusCode).toBe(200);
  });

  it("is the customer's choice per package, and leaves the others' renewals to them", async () => {
    // The preference for new packages, read and changed by the customer (signed in again: the clock moved a day).
    customer = await signIn(t.app, "khanh", "khanh-pass-2027", { "accept-language": "vi" });
    const preferences = (method: "GET" | "PUT", payload?: object) =>
      t.app.inject({
        method,
        url: "/prod-api/control/balance/preferences",
        headers: customer,
        ...(payload ? { payload } : {}),
      });
    expect((await preferences("GET")).json()).toMatchObject({ data: { autoRenewNew: true } });
    expect((await preferences("PUT", { autoRenewNew: false })).statusCode).toBe(200);
    expect((await preferences("GET")).json().data).toMatchObject({ autoRenewNew: false });
    expect((await preferences("PUT", { autoRenewNew: "yes" })).statusCode).toBe(400);
    await preferences("PUT", { autoRenewNew: true });
    const { orderNo } = await packageWithRenewal();
    const off = await post(`/prod-api/order/mall/product/autoRenew/${orderNo}`, customer, { autoRenew: false });
    expect(off.json()).toMatchObject({
      code: 200,
      msg: "Automatic renewal is off: you pay this package's renewal orders yourself",
    });
    expect((await serviceOf(orderNo)).autoRenew).toBe(false);
    const list = await t.app.inject({
      method: "GET",
      url: "/prod-api/order/mall/product/myServices",
      headers: customer,
    });
    expect(list.json().rows.find((row: { orderNo: string }) => row.orderNo === orderNo)).toMatchObject({
      autoRenew: false,
    });
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await run()).toEqual({ paid: 0, short: 0 });
    // Another customer's package cannot be switched.
    await createUser(t.database.db, { userName: "mai", password: "mai-pass-20277" });
    const mai = await signIn(t.app, "mai", "mai-pass-20277");
    expect((await post(`/prod-api/order/mall/product/autoRenew/${orderNo}`, mai, { autoRenew: true })).statusCode).toBe(
      404,
    );
  });
});
