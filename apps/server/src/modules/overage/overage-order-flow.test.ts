import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizInvoice, bizOrder, bizService, sysMail, sysSite, sysUser } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { addBuckets, addCdnService, upgradeCdnService } from "../../testing/overage-test-data.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { OrderStore } from "../orders/order-store.ts";
import { billOverages, type OverageDeps } from "./overage-billing.ts";
import { remindUnpaidOverage } from "./overage-reminders.ts";
import { suspendForUnpaidOverage } from "./overage-suspension.ts";

// An overage order as the customer and the operator meet it: its mail, its page, its invoice.
let clock = new Date("2026-12-01T03:00:00Z");
const now = () => clock;
let t: TestApp;
let runner: JobRunner;
let deps: OverageDeps;
let emitEvent: EmitEvent;
let meiId = 0;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  const db = t.database.db;
  await db.update(sysSite).set({ timeZone: "Asia/Shanghai" }).where(eq(sysSite.isDefault, true));
  const userId = await createUser(db, { userName: "mei", password: "Mei-pass-2026x" });
  meiId = userId;
  await db.update(sysUser).set({ email: "mei@example.tw" }).where(eq(sysUser.userId, userId));
  // She signs in in Traditional Chinese: her mails are written in it.
  as.mei = await signIn(t.app, "mei", "Mei-pass-2026x", { "accept-language": "zh-TW" });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  runner = new JobRunner(t.database, t.app.log);
  const mail = new MailOutbox(
    { db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  emitEvent = emitEventAsTheServer(runner, { db, mail, now, log: t.app.log });
  await runner.start();
  deps = { db, priceLists: new PriceLists(t.database, 0), orders: new OrderStore(db, emitEvent), log: t.app.log };
  // 100 Mbps bought on 11 November (Shanghai), 137.5 Mbps at November's 95th percentile.
  const { serviceId } = await addCdnService(db, {
    name: "mei",
    userId,
    bandwidth: 100,
    createdAt: new Date("2026-11-11T02:00:00Z"),
  });
  await addBuckets(db, serviceId, "2026-11-20T00:00:00Z", 94, 120);
  await addBuckets(db, serviceId, "2026-11-25T00:00:00Z", 6, 137.5);
});
/** The state of the package the overage order bills. */
async function serviceState(): Promise<string | undefined> {
  const [service] = await t.database.db.select().from(bizService).where(eq(bizService.orderNo, "OVERAGE-mei"));
  return service?.state;
}

afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

describe("an overage order", () => {
  it("is mailed with the figures that made it, shown with them, and invoiced on a line saying them", async () => {
    expect(await billOverages(deps, clock)).toMatchObject({ billed: 1 });
    const [order] = await t.database.db.select().from(bizOrder).where(eq(bizOrder.action, "overage"));
    expect(order!.amount).toBe(7500);

    await expect
      .poll(async () => (await t.database.db.select().from(sysMail).where(eq(sysMail.event, "order_overage"))).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "order_overage"));
    expect(mail!.subject).toBe(`2026年11月超出方案的頻寬：訂單 ${order!.orderNo} — Rampart Cloud`);
    // (The text part is wrapped: read as one line.)
    const text = mail!.text.replace(/\s+/g, " ");
    expect(text).toContain("第 95 百分位為 137.5 Mbps，超出了方案包含的 100 Mbps");
    expect(text).toContain("超出的 37.5 Mbps 依每 Mbps·月 CN¥3.00 計費");
    expect(text).toContain("20 天（共 30 天）");

    const detail = await t.app.inject({
      method: "GET",
      url: `/prod-api/order/trade/order/describeOrder/${order!.orderNo}`,
      headers: as.mei,
    });
    expect(detail.json().data).toMatchObject({
      action: "overage",
      amount: 7500,
      overage: { month: "2026-11-01", p95Bps: 137_500_000, committedMbps: 100, days: 20, monthDays: 30, rate: 300 },
    });

    // Bandwidth already used: not the customer's to cancel.
    const cancel = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${order!.orderNo}`,
      headers: { ...as.mei, "accept-language": "zh-TW" },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().msg).toBe("超額訂單是對已使用頻寬的計費，無法取消，只能付款");

    // Unpaid a week: recalled once, however often the job runs.
    const outbox = new MailOutbox(
      { db: t.database.db, jobs: runner, log: t.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    expect(await remindUnpaidOverage(t.database.db, outbox, new Date("2026-12-07T00:00:00Z"))).toBe(0);
    expect(await remindUnpaidOverage(t.database.db, outbox, new Date("2026-12-08T04:00:00Z"))).toBe(1);
    expect(await remindUnpaidOverage(t.database.db, outbox, new Date("2026-12-08T05:00:00Z"))).toBe(0);
    const [reminder] = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "order_overage_reminder"));
    expect(reminder!.subject).toBe(`提醒：2026年11月超額頻寬訂單 ${order!.orderNo} 尚未付款 — Rampart Cloud`);

    // Unpaid the grace period (3 days) after that: the package is suspended, once, and told why.
    const suspension = { db: t.database.db, mail: outbox, emitEvent };
    expect(await suspendForUnpaidOverage(suspension, new Date("2026-12-11T02:00:00Z"))).toBe(0);
    expect(await suspendForUnpaidOverage(suspension, new Date("2026-12-11T04:00:00Z"))).toBe(1);
    expect(await suspendForUnpaidOverage(suspension, new Date("2026-12-11T05:00:00Z"))).toBe(0);
    expect(await serviceState()).toBe("suspended");
    const [suspended] = await t.database.db
      .select()
      .from(sysMail)
      .where(eq(sysMail.event, "service_suspended_overage"));
    expect(suspended!.subject).toBe(`您的安全加速（CDN）已暫停：訂單 ${order!.orderNo} 尚未付款 — Rampart Cloud`);

    // Paid: back at once (signed in again, ten days on).
    clock = new Date("2026-12-11T06:00:00Z");
    as.mei = await signIn(t.app, "mei", "Mei-pass-2026x", { "accept-language": "zh-TW" });
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${order!.orderNo}`,
      headers: as.admin,
    });
    expect(paid.statusCode).toBe(200);
    expect(await serviceState()).toBe("active");
    expect(await suspendForUnpaidOverage(suspension, new Date("2026-12-11T07:00:00Z"))).toBe(0);
    const [invoice] = await t.database.db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, order!.orderNo));
    expect(invoice!.snapshot.lines[0]!.description.overage).toMatchObject({ p95Bps: 137_500_000, rate: 300 });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/prod-api/order/invoice/${invoice!.invoiceNo}/pdf`,
      headers: as.mei,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
  });

  it("of a month whose commitment changed says each part of it, in the mail, on the order and on the invoice", async () => {
    const db = t.database.db;
    // 100 Mbps until 15 December, 10:00 in Shanghai, 500 Mbps after it: 300 Mbps and 400 Mbps.
    const { serviceId, orderNo } = await addCdnService(db, {
      name: "mei-upgraded",
      userId: meiId,
      bandwidth: 100,
      createdAt: new Date("2026-10-01T00:00:00Z"),
    });
    await addBuckets(db, serviceId, "2026-12-05T00:00:00Z", 100, 300);
    await upgradeCdnService(db, { orderNo, userId: meiId, bandwidth: 500, paidAt: new Date("2026-12-15T02:00:00Z") });
    await addBuckets(db, serviceId, "2026-12-20T00:00:00Z", 100, 400);
    clock = new Date("2027-01-01T03:00:00Z");
    await billOverages(deps, clock);
    const [order] = await db
      .select()
      .from(bizOrder)
      .where(eq(bizOrder.idempotencyKey, `overage:${serviceId}:2026-12-01`));
    expect(order!.amount).toBe(27_097);

    await expect
      .poll(async () => (await db.select().from(sysMail).where(eq(sysMail.event, "order_overage_parts"))).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = await db.select().from(sysMail).where(eq(sysMail.event, "order_overage_parts"));
    expect(mail!.subject).toBe(`2026年12月超出方案的頻寬：訂單 ${order!.orderNo} — Rampart Cloud`);
    const text = mail!.text.replace(/\s+/g, " ");
    expect(text).toContain(
      "2026年12月1日至14日：第 95 百分位 300 Mbps，方案含 100 Mbps；200 Mbps × 每 Mbps·月 CN¥3.00 × 14/31 天 = CN¥270.97",
    );
    expect(text).toContain(
      "2026年12月15日至31日：第 95 百分位 400 Mbps，方案含 500 Mbps；0 Mbps × 每 Mbps·月 CN¥3.00 × 17/31 天 = CN¥0.00",
    );

    as.mei = await signIn(t.app, "mei", "Mei-pass-2026x", { "accept-language": "zh-TW" });
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const detail = await t.app.inject({
      method: "GET",
      url: `/prod-api/order/trade/order/describeOrder/${order!.orderNo}`,
      headers: as.mei,
    });
    expect(detail.json().data.overage.parts).toEqual([
      { from: "2026-12-01", until: "2026-12-14", p95Bps: 300_000_000, committedMbps: 100, days: 14, rate: 300 },
      { from: "2026-12-15", until: "2026-12-31", p95Bps: 400_000_000, committedMbps: 500, days: 17, rate: 300 },
    ]);
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${order!.orderNo}`,
      headers: as.admin,
    });
    expect(paid.statusCode).toBe(200);
    const [invoice] = await db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, order!.orderNo));
    expect(invoice!.snapshot.lines[0]!.description.overage!.parts).toHaveLength(2);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/prod-api/order/invoice/${invoice!.invoiceNo}/pdf`,
      headers: as.mei,
    });
    expect(pdf.statusCode).toBe(200);
    // One row per part, each with its amount (read without the rows' wrapping).
    const rows = (await pdfText(pdf.rawPayload)).replace(/\s+/g, "");
    expect(rows).toContain("Bandwidthbeyondthepackage,December1");
    expect(rows).toContain(
      "14,2026:200Mbpsabove100Mbps(95thpercentile300Mbps)×CN¥3.00perMbps-month×14/31daysCN¥270.97",
    );
    expect(rows).toContain("31,2026:0Mbpsabove500Mbps(95thpercentile400Mbps)×CN¥3.00perMbps-month×17/31daysCN¥0.00");
  });
});
