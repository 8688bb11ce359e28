import { randomUUID } from "node:crypto";
import { WEBHOOK_EVENTS } from "@rampart/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizOrder,
  bizService,
  bizServiceEvent,
  sysMail,
  sysUser,
  sysWebhook,
  sysWebhookMessage,
} from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { OrderStore } from "../orders/order-store.ts";
import { type LifecycleDeps, sweepServices } from "./lifecycle-sweep.ts";

// One clock for the server and the sweep, moved by hand through a service's whole life.
const DAY = 86_400_000;
let clock = new Date("2027-01-01T08:00:00Z");
const now = () => clock;
let t: TestApp;
let deps: LifecycleDeps;
let runner: JobRunner;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  // The server's schedules (the lifecycle sweep every five minutes, unpaid orders closed every
  // minute) would run at real moments with the test's clock, and take a step before the sweep the
  // test calls and counts, or close the renewal it is about to pay: none is set.
  t = await openTestApp({ now, jobSchedules: false });
  await createUser(t.database.db, { userName: "hoa", password: "Hoa-pass-2027x" });
  await t.database.db.update(sysUser).set({ email: "hoa@example.vn" }).where(eq(sysUser.userName, "hoa"));
  // She signs in in Vietnamese: her mails are written in it.
  as.hoa = await signIn(t.app, "hoa", "Hoa-pass-2027x", { "accept-language": "vi" });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // The sweep's parts, as the server assembles them (mails are kept, not sent: no SMTP here).
  runner = new JobRunner(t.database, t.app.log);
  const mail = new MailOutbox(
    { db: t.database.db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  // As the server assembles them: the customer's mails and the platform's events.
  const emitEvent = emitEventAsTheServer(runner, { db: t.database.db, mail, now, log: t.app.log });
  // The provider's platform hears of everything (its deliveries are not this test's business).
  await t.database.db.insert(sysWebhook).values({
    url: "https://platform.example/rampart",
    events: [...WEBHOOK_EVENTS],
    secret: "sealed",
    enabled: true,
    createdBy: "admin",
  });
  await runner.start();
  deps = {
    db: t.database.db,
    mail,
    emitEvent,
    orders: new OrderStore(t.database.db, emitEvent),
    priceLists: new PriceLists(t.database, 0),
    log: t.app.log,
  };
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const sweep = (at: Date) => {
  clock = at;
  return sweepServices(deps, at);
};
const mails = async (event: string) =>
  (await t.database.db.select().from(sysMail).where(eq(sysMail.event, event))).map((m) => m.subject);
const serviceOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo)))[0]!;

describe("a service's life after the sale", () => {
  it("reminds, offers a renewal, goes into grace, suspends, comes back when paid, and ends when left unpaid", async () => {
    // Bought for three months, paid offline.
    const bought = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: as.hoa,
      payload: {
        product: "ddos",
        configuration: "duration=month-3",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    const orderNo = bought.json().data.orderNo as string;
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: as.admin,
    });
    const start = (await serviceOf(orderNo)).expiresAt;
    expect(start.toISOString()).toBe("2027-04-01T08:00:00.000Z");

    // 30 days before: one reminder, however often the sweep runs.
    await sweep(new Date(start.getTime() - 30 * DAY + 60_000));
    await sweep(new Date(start.getTime() - 30 * DAY + 120_000));
    expect(await mails("service_expiring")).toEqual(["Chống DDoS của bạn hết hạn sau 30 ngày — Rampart Cloud"]);

    // 7 days before: the second reminder and the renewal order, once.
    const week = new Date(start.getTime() - 7 * DAY + 60_000);
    expect(await sweep(week)).toMatchObject({ reminded: 1, renewals: 1 });
    expect(await sweep(week)).toMatchObject({ reminded: 0, renewals: 0 });
    const renewals = await t.database.db.select().from(bizOrder).where(eq(bizOrder.serviceOrderNo, orderNo));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ action: "renew", status: "unpaid", payMethod: "offline" });
    expect(renewals[0]!.configuration.duration).toEqual({ unit: "month", count: 3 });

    // 1 day before: the last reminder.
    await sweep(new Date(start.getTime() - DAY + 60_000));
    expect(await mails("service_expiring")).toHaveLength(3);

    // Expired unpaid: grace; three days later, suspended (mailed).
    expect(await sweep(new Date(start.getTime() + 60_000))).toMatchObject({ expired: 1 });
    expect((await serviceOf(orderNo)).state).toBe("grace");
    expect(await sweep(new Date(start.getTime() + 3 * DAY + 60_000))).toMatchObject({ suspended: 1 });
    expect((await serviceOf(orderNo)).state).toBe("suspended");
    expect(await mails("service_suspended")).toEqual(["Chống DDoS của bạn đã bị tạm ngưng — Rampart Cloud"]);

    // The renewal paid while suspended: active at once, three months from the old expiry.
    clock = new Date(start.getTime() + 5 * DAY);
    // (Months later: the sessions signed in at the start have long expired.)
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${renewals[0]!.orderNo}`,
      headers: as.admin,
    });
    expect(paid.statusCode).toBe(200);
    const back = await serviceOf(orderNo);
    expect(back.state).toBe("active");
    expect(back.expiresAt.toISOString()).toBe("2027-07-01T08:00:00.000Z");

    // Left unpaid the next time: grace, suspended, then terminated 30 days later; its renewal closed.
    const second = back.expiresAt;
    await sweep(new Date(second.getTime() - 7 * DAY + 60_000));
    await sweep(new Date(second.getTime() + 60_000));
    await sweep(new Date(second.getTime() + 3 * DAY + 60_000));
    expect(await sweep(new Date(second.getTime() + 34 * DAY))).toMatchObject({ terminated: 1 });
    expect((await serviceOf(orderNo)).state).toBe("terminated");
    const open = await t.database.db.select().from(bizOrder).where(eq(bizOrder.serviceOrderNo, orderNo));
    expect(open.map((o) => o.status).sort()).toEqual(["closed", "paid"]);
    expect(await mails("service_terminated")).toHaveLength(1);

    // Every step is in the history, with why and who.
    const service = await serviceOf(orderNo);
    const history = await t.database.db
      .select()
      .from(bizServiceEvent)
      .where(eq(bizServiceEvent.serviceId, service.serviceId))
      .orderBy(asc(bizServiceEvent.eventId));
    expect(history.map((h) => `${h.fromState}→${h.toState}`)).toEqual([
      "active→grace",
      "grace→suspended",
      "suspended→active",
      "active→grace",
      "grace→suspended",
      "suspended→terminated",
    ]);
    expect(history[2]).toMatchObject({ actor: "admin", reason: `renewal ${renewals[0]!.orderNo} paid` });
    expect(history[0]!.actor).toBe("job:service-lifecycle");
    // And each change the platform must act on is in the events it was sent, in order. The events
    // of one moment (a payment: the order paid, the service created or renewed) carry one time, and
    // have no order among them.
    const sent = await t.database.db
      .select({ type: sysWebhookMessage.eventType, at: sysWebhookMessage.createdAt })
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.serviceId, service.serviceId))
      .orderBy(asc(sysWebhookMessage.createdAt));
    const moments: string[][] = [];
    sent.forEach((m, i) => {
      if (i === 0 || m.at.getTime() !== sent[i - 1]!.at.getTime()) moments.push([]);
      moments.at(-1)!.push(m.type);
    });
    expect(moments.map((types) => types.sort())).toEqual([
      ["order.paid", "service.created"],
      ["service.suspended"],
      ["order.paid", "service.renewed", "service.unsuspended"],
      ["service.suspended"],
      ["service.terminated"],
    ]);

    // A terminated service cannot be renewed.
    as.hoa = await signIn(t.app, "hoa", "Hoa-pass-2027x", { "accept-language": "vi" });
    const renewAgain = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: as.hoa,
      payload: {
        product: "ddos",
        configuration: "duration=month-1",
        action: "renew",
        serviceOrderNo: orderNo,
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    expect(renewAgain.statusCode).toBe(400);
    expect(renewAgain.json().data).toEqual([{ field: "service", code: "service.terminated" }]);
  });

  it("stops at the end of its period when the customer asks, and renews again when they undo it", async () => {
    clock = new Date("2028-01-01T08:00:00Z");
    as.hoa = { ...(await signIn(t.app, "hoa", "Hoa-pass-2027x")), "accept-language": "vi" };
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const buy = async () => {
      const bought = await t.app.inject({
        method: "POST",
        url: "/prod-api/order/trade/order/createOrder",
        headers: as.hoa,
        payload: {
          product: "tcp",
          configuration: "duration=month-1",
          action: "new",
          payMethod: "offline",
          idempotencyKey: randomUUID(),
        },
      });
      const orderNo = bought.json().data.orderNo as string;
      await t.app.inject({
        method: "POST",
        url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
        headers: as.admin,
      });
      return orderNo;
    };
    const stop = (orderNo: string, cancel: boolean) =>
      t.app.inject({
        method: "POST",
        url: `/prod-api/order/mall/product/cancelAtPeriodEnd/${orderNo}`,
        headers: as.hoa,
        payload: { cancel },
      });
    const stopping = await buy();
    const renewing = await buy();
    const asked = await stop(stopping, true);
    expect(asked.json().msg).toBe("Gói sẽ dừng khi hết kỳ hiện tại: không tạo đơn gia hạn");
    expect((await stop(renewing, true)).statusCode).toBe(200);
    expect((await stop(renewing, false)).statusCode).toBe(200);
    // Someone else's package is as good as missing.
    const other = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/mall/product/cancelAtPeriodEnd/${stopping}`,
      headers: as.admin,
      payload: { cancel: false },
    });
    expect(other.statusCode).toBe(404);

    const expiry = (await serviceOf(stopping)).expiresAt;
    await sweep(new Date(expiry.getTime() - 7 * DAY + 60_000));
    const orders = async (orderNo: string) =>
      (await t.database.db.select().from(bizOrder).where(eq(bizOrder.serviceOrderNo, orderNo))).length;
    expect(await orders(stopping)).toBe(0);
    expect(await orders(renewing)).toBe(1);
    await sweep(new Date(expiry.getTime() + 60_000));
    expect((await serviceOf(stopping)).state).toBe("terminated");
    expect((await serviceOf(renewing)).state).toBe("grace");
    as.hoa = { ...(await signIn(t.app, "hoa", "Hoa-pass-2027x")), "accept-language": "vi" };
    expect((await stop(stopping, false)).statusCode).toBe(409);

    const listed = await t.app.inject({ url: "/prod-api/order/mall/product/myServices?pageSize=10", headers: as.hoa });
    const byOrder = new Map(listed.json().rows.map((row: { orderNo: string }) => [row.orderNo, row]));
    expect(byOrder.get(renewing)).toMatchObject({ lifecycle: "grace", cancelAtPeriodEnd: false });
    expect((byOrder.get(renewing) as { renewalOrderNo: string | null }).renewalOrderNo).toMatch(/^\d+$/);
    expect(byOrder.get(stopping)).toMatchObject({
      lifecycle: "terminated",
      cancelAtPeriodEnd: true,
      renewalOrderNo: null,
    });
  });
});
