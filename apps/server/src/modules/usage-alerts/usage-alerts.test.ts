import { type AttackAction, WEBHOOK_EVENTS } from "@rampart/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizAttackEvent,
  bizService,
  bizUsage5m,
  bizUsageAlertState,
  bizUsageMonth,
  sysMail,
  sysSite,
  sysUser,
  sysWebhook,
  sysWebhookMessage,
} from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { NO_FIGURES } from "../../testing/usage-test-data.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { priceOrder } from "../orders/order-price.ts";
import { ensureUsagePartitions } from "../usage/usage-partitions.ts";
import { runUsageAlerts } from "./alert-run.ts";
import type { ThresholdDeps } from "./threshold-alerts.ts";

// One clock for the server and the alerts' runs, moved by hand. The default site counts months in
// Shanghai: November there starts at 16:00 UTC on 31 October.
const MINUTE = 60_000;
const MBPS = 1_000_000;
let clock = new Date("2026-11-10T02:00:00Z");
const now = () => clock;
let t: TestApp;
let deps: ThresholdDeps;
let runner: JobRunner;
let emitEvent: EmitEvent;
let userId = 0;

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  const { db } = t.database;
  await createUser(db, { userName: "sari", password: "Sari-pass-2027x" });
  await db.update(sysUser).set({ email: "sari@example.id", language: "id" }).where(eq(sysUser.userName, "sari"));
  userId = await userIdOf(db, "sari");
  await db.update(sysSite).set({ timeZone: "Asia/Shanghai" }).where(eq(sysSite.isDefault, true));
  runner = new JobRunner(t.database, t.app.log);
  const mail = new MailOutbox(
    { db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  emitEvent = emitEventAsTheServer(runner, { db, mail, now, log: t.app.log });
  // The provider's platform hears of everything (its deliveries are not this test's business).
  await db.insert(sysWebhook).values({
    url: "https://platform.example/rampart",
    events: [...WEBHOOK_EVENTS],
    secret: "sealed",
    enabled: true,
    createdBy: "admin",
  });
  await runner.start();
  deps = { db, mail, emitEvent, priceLists: new PriceLists(t.database, 0) };
  await ensureUsagePartitions(db, new Date("2026-10-01T00:00:00Z"), new Date("2027-01-31T00:00:00Z"));
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

let packages = 0;
/** A CDN package of 100 Mbps (mainland edition: 100 to 10,000 Mbps in steps of 100), the customer's. */
async function newPackage(): Promise<{ serviceId: number; orderNo: string }> {
  packages++;
  const orderNo = `2026110100000000${String(packages).padStart(2, "0")}`;
  const [service] = await t.database.db
    .insert(bizService)
    .values({
      orderNo,
      userId,
      product: "cdn",
      configuration: {
        product: "cdn",
        edition: "mainland",
        region: "mainland",
        quantities: { bandwidth: 100, domains: 10 },
        duration: { unit: "year", count: 1 },
        extras: {},
      },
      expiresAt: new Date("2027-11-01T00:00:00Z"),
      createdAt: clock,
      updatedAt: clock,
    })
    .returning({ serviceId: bizService.serviceId });
  return { serviceId: service!.serviceId, orderNo };
}

/** The platform's figures: `count` whole-service buckets from `from`, each peaking at `mbps`, received now. */
async function figures(serviceId: number, from: string, count: number, mbps: number) {
  const start = Date.parse(from);
  await t.database.db
    .insert(bizUsage5m)
    .values(
      Array.from({ length: count }, (_, i) => ({
        ...NO_FIGURES,
        serviceId,
        bucket: new Date(start + i * 300_000),
        peakBps: mbps * MBPS,
        receivedAt: clock,
      })),
    )
    .onConflictDoUpdate({
      target: [bizUsage5m.serviceId, bizUsage5m.domain, bizUsage5m.bucket],
      set: { peakBps: mbps * MBPS, receivedAt: clock },
    });
}

const mailsOf = async (event: string) =>
  t.database.db.select().from(sysMail).where(eq(sysMail.event, event)).orderBy(asc(sysMail.mailId));
const messagesOf = async (serviceId: number, eventType: string) =>
  (
    await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(and(eq(sysWebhookMessage.serviceId, serviceId), eq(sysWebhookMessage.eventType, eventType)))
      .orderBy(asc(sysWebhookMessage.createdAt))
  ).map((message) => (message.payload as { data: Record<string, unknown> }).data);
const run = () => runUsageAlerts(deps, clock);
/** The product's 100 % setting, saved by an administrator (signed in at the clock's moment). */
const setAtFull = async (product: string, value: string) =>
  t.app.inject({
    method: "PUT",
    url: `/prod-api/system/config/sys.usage.${product}.atFull`,
    headers: await signIn(t.app, "admin", TEST_ADMIN_PASSWORD),
    payload: { configName: { en: "At 100 %" }, configValue: value },
  });

describe("usage thresholds", () => {
  it("mails 80 % and 100 % once each per month, in the site's month, however often it runs", async () => {
    const { serviceId, orderNo } = await newPackage();
    // A day of November (Shanghai) at 85 Mbps: 85 % of 100.
    await figures(serviceId, "2026-11-08T16:00:00Z", 288, 85);
    expect(await run()).toMatchObject({ crossed: 1 });
    expect(await run()).toMatchObject({ crossed: 0 });
    clock = new Date(clock.getTime() + 5 * MINUTE);
    expect(await run()).toMatchObject({ crossed: 0 });
    let mails = await mailsOf("usage_threshold");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "sari@example.id", language: "id" });
    expect(mails[0]!.subject).toContain(`${orderNo} telah memakai 80% bandwidth`);
    expect(mails[0]!.text).toContain("85 Mbps");
    expect(await messagesOf(serviceId, "usage.threshold")).toEqual([
      expect.objectContaining({
        usage: { percent: 80, month: "2026-11-01", p95Bps: 85 * MBPS, committedBps: 100 * MBPS },
      }),
    ]);

    // The next day at 120 Mbps: the month's 95th percentile passes 100 %.
    await figures(serviceId, "2026-11-09T16:00:00Z", 288, 120);
    expect(await run()).toMatchObject({ crossed: 1 });
    expect(await run()).toMatchObject({ crossed: 0 });
    mails = await mailsOf("usage_threshold");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("100%");
    const [month] = await t.database.db.select().from(bizUsageMonth).where(eq(bizUsageMonth.serviceId, serviceId));
    expect(month).toMatchObject({ month: "2026-11-01", alertsSent: [80, 100], p95Bps: 120 * MBPS });

    // 1 December in Shanghai (16:00 UTC on 30 November): a new month, alerted anew.
    // Its first hour at 90 Mbps is not alerted on yet (one spike would be its 95th percentile)...
    clock = new Date("2026-11-30T17:00:00Z");
    await figures(serviceId, "2026-11-30T16:00:00Z", 12, 90);
    expect(await run()).toMatchObject({ crossed: 0 });
    // ...its first day is.
    clock = new Date("2026-12-01T16:05:00Z");
    await figures(serviceId, "2026-11-30T16:00:00Z", 288, 90);
    // Three runs at once (two processes and a retry): one crossing between them.
    const runs = await Promise.all([run(), run(), run()]);
    expect(runs.reduce((sum, one) => sum + one.crossed, 0)).toBe(1);
    expect(await run()).toMatchObject({ crossed: 0 });
    expect(await mailsOf("usage_threshold")).toHaveLength(3);
    expect((await messagesOf(serviceId, "usage.threshold")).map((d) => d.usage)).toEqual([
      expect.objectContaining({ percent: 80, month: "2026-11-01" }),
      expect.objectContaining({ percent: 100, month: "2026-11-01" }),
      expect.objectContaining({ percent: 80, month: "2026-12-01" }),
    ]);
  });

  it("at 100 %, offers an upgrade priced by the engine when the product says so", async () => {
    clock = new Date("2026-12-05T02:00:00Z");
    expect((await setAtFull("cdn", "sometimes")).json()).toMatchObject({ code: 400 });
    expect((await setAtFull("cdn", "upgrade")).json()).toMatchObject({ code: 200 });
    const { serviceId, orderNo } = await newPackage();
    await figures(serviceId, "2026-12-04T01:00:00Z", 288, 130);
    // Both thresholds at once: both announced, one mail (the offer).
    expect(await run()).toMatchObject({ crossed: 2 });
    expect(
      (await messagesOf(serviceId, "usage.threshold")).map((d) => (d.usage as { percent: number }).percent),
    ).toEqual([80, 100]);
    const offers = (await mailsOf("usage_upgrade")).filter((mail) => mail.text.includes(orderNo));
    expect(offers).toHaveLength(1);
    expect(offers[0]!.subject).toContain("sudah penuh");
    // 130 Mbps with a fifth of headroom is 156: the next step of the edition is 200.
    expect(offers[0]!.text.replace(/\s+/g, " ")).toContain("Tingkatkan ke 200 Mbps");
    const link = new URL(/https?:\/\/\S+\/payOrder\?\S+/.exec(offers[0]!.text)![0]);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      product: "cdn",
      action: "upgrade",
      oid: orderNo,
      bandwidth: "200",
      edition: "mainland",
    });
    // The order the link leads to, priced by the engine as the order page will have it priced:
    // the difference of the monthly prices for the days left of the package.
    const { product: _, action, oid, ...configuration } = Object.fromEntries(link.searchParams);
    const catalogue = await deps.priceLists.forCurrency("CNY");
    const body = {
      product: "cdn" as const,
      action: "upgrade" as const,
      serviceOrderNo: oid!,
      configuration: new URLSearchParams(configuration).toString(),
    };
    expect(action).toBe("upgrade");
    const priced = await priceOrder(t.database.db, catalogue, body, userId, clock);
    expect(priced).toMatchObject({ ok: true, configuration: { quantities: { bandwidth: 200 } } });
    expect(priced.ok && priced.fee.amount).toBeGreaterThan(0);
    await setAtFull("cdn", "notify");
  });

  it("at 100 %, throttles when the product says so, until an upgrade or the next month", async () => {
    clock = new Date("2026-12-06T02:00:00Z");
    expect((await setAtFull("cdn", "throttle")).json()).toMatchObject({ code: 200 });
    const first = await newPackage();
    const second = await newPackage();
    for (const { serviceId } of [first, second]) await figures(serviceId, "2026-12-05T01:00:00Z", 288, 101);
    expect(await run()).toMatchObject({ crossed: 4 });
    expect(await run()).toMatchObject({ crossed: 0 });
    expect((await mailsOf("usage_throttled")).length).toBe(2);
    for (const { serviceId } of [first, second])
      expect(await messagesOf(serviceId, "service.throttle")).toEqual([
        expect.objectContaining({ throttle: { throttled: true, reason: "usage" } }),
      ]);

    // The first is upgraded: its throttle is lifted in the upgrade's transaction.
    await t.database.db.transaction((tx) => emitEvent(tx, { type: "service.upgraded", serviceId: first.serviceId }));
    expect((await messagesOf(first.serviceId, "service.throttle")).map((d) => d.throttle)).toEqual([
      { throttled: true, reason: "usage" },
      { throttled: false, reason: "upgraded" },
    ]);
    // Upgraded again: nothing to lift.
    await t.database.db.transaction((tx) => emitEvent(tx, { type: "service.upgraded", serviceId: first.serviceId }));
    expect(await messagesOf(first.serviceId, "service.throttle")).toHaveLength(2);

    // The second stays throttled until January starts in Shanghai.
    clock = new Date("2026-12-31T15:55:00Z");
    expect(await run()).toMatchObject({ lifted: 0 });
    clock = new Date("2026-12-31T16:05:00Z");
    expect(await run()).toMatchObject({ lifted: 1 });
    expect(await run()).toMatchObject({ lifted: 0 });
    expect((await messagesOf(second.serviceId, "service.throttle")).map((d) => d.throttle)).toEqual([
      { throttled: true, reason: "usage" },
      { throttled: false, reason: "new_month" },
    ]);
    const [state] = await t.database.db
      .select()
      .from(bizUsageAlertState)
      .where(eq(bizUsageAlertState.serviceId, second.serviceId));
    expect(state!.throttledMonth).toBeNull();
    await setAtFull("cdn", "notify");
  });
});

describe("attack mails", () => {
  it("mails a start at once, at most one mail an hour while attacks go on, then a summary", async () => {
    clock = new Date("2027-01-10T08:00:00Z");
    const { serviceId } = await newPackage();
    const attack = async (attackId: string, startedAt: Date, peakGbps: number, action: AttackAction = "scrubbed") =>
      (
        await t.database.db
          .insert(bizAttackEvent)
          .values({
            serviceId,
            attackId,
            startedAt,
            target: "shop.example.id",
            vector: "SYN flood",
            peakBps: peakGbps * 1e9,
            peakPps: 1e6,
            action,
            receivedAt: clock,
          })
          .returning({ eventId: bizAttackEvent.eventId })
      )[0]!.eventId;
    const end = (eventId: number) =>
      t.database.db
        .update(bizAttackEvent)
        .set({ endedAt: clock, receivedAt: clock })
        .where(eq(bizAttackEvent.eventId, eventId));
    const mails = async () =>
      (await t.database.db.select().from(sysMail).orderBy(asc(sysMail.mailId))).filter((mail) =>
        mail.event.startsWith("attack_"),
      );

    const a = await attack("a-1", new Date("2027-01-10T07:58:00Z"), 12.5, "blackholed");
    expect(await run()).toMatchObject({ announced: 1, mailed: 1 });
    expect(await run()).toMatchObject({ announced: 0, mailed: 0 });
    expect((await mails()).map((mail) => mail.event)).toEqual(["attack_started"]);
    expect((await mails())[0]!.subject).toBe("Serangan terhadap shop.example.id — Rampart Cloud");
    // A blackholed address is told as unreachable, not "you need not do anything"; figures as Indonesians write them.
    const started = (await mails())[0]!.text.replace(/\s+/g, " ");
    expect(started).toContain("dengan puncak 12,5 Gbps sejauh ini.");
    expect(started).toContain("sehingga untuk sementara tidak dapat diakses");
    expect(started).not.toContain("tidak perlu melakukan apa pun");

    // Ten minutes on, a second attack starts and the first ends: announced at once, mailed later.
    clock = new Date("2027-01-10T08:10:00Z");
    const b = await attack("b-2", clock, 40);
    await end(a);
    expect(await run()).toMatchObject({ announced: 2, mailed: 0 });
    clock = new Date("2027-01-10T08:55:00Z");
    expect(await run()).toMatchObject({ announced: 0, mailed: 0 });
    expect(await mails()).toHaveLength(1);
    expect(
      (await messagesOf(serviceId, "attack.started")).map((d) => (d.attack as { attackId: string }).attackId),
    ).toEqual(["a-1", "b-2"]);
    expect(await messagesOf(serviceId, "attack.ended")).toEqual([
      expect.objectContaining({
        attack: expect.objectContaining({ attackId: "a-1", endedAt: "2027-01-10T08:10:00.000Z" }),
      }),
    ]);

    // An hour after the first mail: a summary of the meantime.
    clock = new Date("2027-01-10T09:00:00Z");
    expect(await run()).toMatchObject({ mailed: 1 });
    expect(await run()).toMatchObject({ mailed: 0 });
    const summary = (await mails())[1]!;
    expect(summary.event).toBe("attack_summary");
    expect(summary.text.replace(/\s+/g, " ")).toContain(
      "1 serangan dimulai, 1 berakhir, 1 masih berlangsung; puncak terbesar 40 Gbps",
    );

    // The second ends two hours later: on its own, mailed as it is.
    clock = new Date("2027-01-10T10:10:00Z");
    await end(b);
    expect(await run()).toMatchObject({ announced: 1, mailed: 1 });
    expect((await mails()).map((mail) => mail.event)).toEqual(["attack_started", "attack_summary", "attack_ended"]);
    expect((await mails())[2]!.text.replace(/\s+/g, " ")).toContain("sekitar 120 menit");
  });
});
