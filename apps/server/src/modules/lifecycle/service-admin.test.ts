import { randomUUID } from "node:crypto";
import { OPERATOR_ROLE } from "@rampart/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizService, sysMail, sysSite, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { OrderStore } from "../orders/order-store.ts";
import { sweepServices } from "./lifecycle-sweep.ts";

// Business → Services: what an operator sees and does to the packages customers bought.
const DAY = 86_400_000;
let clock = new Date("2027-03-01T09:00:00Z");
const now = () => clock;
let t: TestApp;
let runner: JobRunner;
let sweep: (at: Date) => Promise<unknown>;
const as: Record<string, Record<string, string>> = {};
const services: Record<string, number> = {};

async function buy(who: string, product: string, configuration: string): Promise<string> {
  const bought = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: as[who],
    payload: { product, configuration, action: "new", payMethod: "offline", idempotencyKey: randomUUID() },
  });
  expect(bought.json(), `${who}: ${bought.body}`).toMatchObject({ code: 200 });
  const orderNo = bought.json().data.orderNo as string;
  const paid = await t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
    headers: as.admin,
  });
  expect(paid.statusCode).toBe(200);
  return orderNo;
}

const serviceRow = async (serviceId: number) =>
  (await t.database.db.select().from(bizService).where(eq(bizService.serviceId, serviceId)))[0]!;
const mailsTo = async (to: string, event: string) =>
  t.database.db
    .select()
    .from(sysMail)
    .where(and(eq(sysMail.recipient, to), eq(sysMail.event, event)));
const act = (who: string, serviceId: number, move: string, payload: object, language = "en") =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/business/service/${serviceId}/${move}`,
    headers: { ...as[who], "accept-language": language },
    payload,
  });
const list = async (who: string, query = "") => {
  const answer = await t.app.inject({ url: `/prod-api/business/service/list?${query}`, headers: as[who] });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { rows: { serviceId: number; userName: string; state: string }[]; total: number };
};

/** Sessions run on the same clock: after a jump of months, everyone signs in again. */
async function signInEveryone() {
  as.linh = await signIn(t.app, "linh", "Linh-pass-2027x", { "accept-language": "vi" });
  // Budi registered on the demo brand's site, and orders there.
  as.budi = {
    ...(await signIn(t.app, "budi", "Budi-pass-2027x", { "accept-language": "id", host: "demo.localhost" })),
    host: "demo.localhost",
  };
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.ops = await signIn(t.app, "ops", "Ops-pass-2027x");
  as.lotus = await signIn(t.app, "lotus.ops", "lotus-pass-12", { host: "demo.localhost" });
}

beforeAll(async () => {
  t = await openTestApp({ now });
  const db = t.database.db;
  await signInDemoSiteOperator(t.app, db);
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(db, { userName: "linh", password: "Linh-pass-2027x" });
  await createUser(db, { userName: "budi", password: "Budi-pass-2027x", siteId: demo!.siteId });
  await createUser(db, { userName: "ops", password: "Ops-pass-2027x", roles: [OPERATOR_ROLE] });
  await db.update(sysUser).set({ email: "linh@example.vn" }).where(eq(sysUser.userName, "linh"));
  await db.update(sysUser).set({ email: "budi@example.id" }).where(eq(sysUser.userName, "budi"));
  await signInEveryone();
  runner = new JobRunner(t.database, t.app.log);
  const mail = new MailOutbox(
    { db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  const emitEvent = emitEventAsTheServer(runner, { db, mail, now, log: t.app.log });
  await runner.start();
  const deps = {
    db,
    mail,
    emitEvent,
    orders: new OrderStore(db, emitEvent),
    priceLists: new PriceLists(t.database, 0),
    log: t.app.log,
  };
  sweep = async (at: Date) => {
    clock = at;
    await sweepServices(deps, at);
    await signInEveryone();
  };

  for (const [who, product, configuration] of [
    ["linh", "ddos", "duration=month-1"],
    ["budi", "cdn", "duration=year-1"],
  ] as const) {
    const orderNo = await buy(who, product, configuration);
    const [row] = await db.select().from(bizService).where(eq(bizService.orderNo, orderNo));
    services[who] = row!.serviceId;
  }
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

describe("Business → Services", () => {
  it("lists every service for an operator, soonest expiry first, filtered; a site's operator sees their site's only", async () => {
    const all = await list("ops");
    expect(all.rows.map((row) => row.userName)).toEqual(["linh", "budi"]);
    expect((await list("ops", "product=cdn")).rows.map((row) => row.userName)).toEqual(["budi"]);
    expect((await list("ops", "expiringWithin=45")).rows.map((row) => row.userName)).toEqual(["linh"]);
    expect((await list("ops", "state=suspended")).total).toBe(0);
    expect((await list("ops", "userName=bu")).rows.map((row) => row.userName)).toEqual(["budi"]);

    const lotus = await list("lotus");
    expect(lotus.rows.map((row) => row.userName)).toEqual(["budi"]);
    // Another site's service is not theirs to see or change.
    const history = await t.app.inject({
      url: `/prod-api/business/service/${services.linh}/history`,
      headers: as.lotus,
    });
    expect(history.statusCode).toBe(404);
    const refused = await act("lotus", services.linh!, "suspend", { reason: "test" });
    expect(refused.statusCode).toBe(404);
    expect((await serviceRow(services.linh!)).state).toBe("active");
    // A customer holds no business:service:* permission.
    const customer = await t.app.inject({ url: "/prod-api/business/service/list", headers: as.linh });
    expect(customer.statusCode).toBe(403);
  });

  it("suspends with a reason the customer is mailed; a paid renewal extends but does not lift it; only an operator does", async () => {
    const id = services.linh!;
    const before = (await serviceRow(id)).expiresAt;
    expect((await act("ops", id, "suspend", { reason: "   " })).statusCode).toBe(400);
    const suspended = await act("ops", id, "suspend", { reason: "Abuse report #4411: open resolver" });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().msg).toBe("Suspended; the customer has been told why");
    expect(await serviceRow(id)).toMatchObject({ state: "suspended", operatorHold: true });
    const [held] = await mailsTo("linh@example.vn", "service_held");
    expect(held!.subject).toBe("Chống DDoS của bạn đã bị tạm ngưng — Rampart Cloud");
    expect(held!.text).toContain("Abuse report #4411: open resolver");

    // Twice is a conflict, in the operator's language, and changes nothing.
    const again = await act("ops", id, "suspend", { reason: "again" }, "zh-CN");
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe("只有正常或宽限期中的服务可以暂停");

    // The customer sees it held by the provider, pays a renewal: the period grows, it stays suspended.
    const mine = await t.app.inject({ url: "/prod-api/order/mall/product/myServices", headers: as.linh });
    expect(mine.json().rows[0]).toMatchObject({ lifecycle: "suspended", operatorHold: true });
    const renewal = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: as.linh,
      payload: {
        product: "ddos",
        configuration: "duration=month-1",
        action: "renew",
        serviceOrderNo: (await serviceRow(id)).orderNo,
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    expect(renewal.json().code).toBe(200);
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${renewal.json().data.orderNo}`,
      headers: as.admin,
    });
    const renewed = await serviceRow(id);
    expect(renewed).toMatchObject({ state: "suspended", operatorHold: true });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(before.getTime());

    // Left suspended far past the termination period: the schedule does not end an operator's hold.
    await sweep(new Date(clock.getTime() + 120 * DAY));
    expect((await serviceRow(id)).state).toBe("suspended");
  });

  it("refuses to unsuspend a service whose period ended before its grace, until it is extended", async () => {
    const id = services.linh!;
    const { expiresAt } = await serviceRow(id);
    const refused = await act("ops", id, "unsuspend", { reason: "resolved" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      `Its period ended on ${expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC, past the grace period: extend it first, or let the customer pay the renewal`,
    );
    expect(await serviceRow(id)).toMatchObject({ state: "suspended", operatorHold: true });

    // Extended past today: the hold stays (an operator's suspension), then lifted by an operator.
    const days = Math.ceil((clock.getTime() - expiresAt.getTime()) / DAY) + 10;
    expect((await act("ops", id, "extend", { days: 0, reason: "x" })).statusCode).toBe(400);
    const extended = await act("ops", id, "extend", { days, reason: "Credit for the outage of 3 March" });
    expect(extended.statusCode).toBe(200);
    expect(await serviceRow(id)).toMatchObject({ state: "suspended", operatorHold: true });
    const back = await act("ops", id, "unsuspend", { reason: "Resolver closed by the customer" });
    expect(back.statusCode).toBe(200);
    expect(await serviceRow(id)).toMatchObject({ state: "active", operatorHold: false, suspendedAt: null });
    expect(await mailsTo("linh@example.vn", "service_resumed")).toHaveLength(1);
  });

  it("brings a service in grace back with an extension, and ends it with a terminate only an administrator holds", async () => {
    const id = services.budi!;
    // A year on: expired unpaid, in grace.
    await sweep(new Date((await serviceRow(id)).expiresAt.getTime() + DAY));
    expect((await serviceRow(id)).state).toBe("grace");
    const extended = await act("lotus", id, "extend", { days: 30, reason: "Goodwill" }, "id");
    expect(extended.statusCode).toBe(200);
    expect(extended.json().msg).toMatch(/^Diperpanjang: kini berakhir pada \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect((await serviceRow(id)).state).toBe("active");

    // Operators are not given terminate; the administrator is.
    expect((await act("lotus", id, "terminate", { reason: "fraud" })).statusCode).toBe(403);
    const ended = await act("admin", id, "terminate", { reason: "Chargeback on the first payment" });
    expect(ended.statusCode).toBe(200);
    expect(await serviceRow(id)).toMatchObject({ state: "terminated" });
    expect(await mailsTo("budi@example.id", "service_terminated")).toHaveLength(1);
    expect((await act("admin", id, "terminate", { reason: "again" })).statusCode).toBe(409);
    expect((await act("admin", id, "extend", { days: 5, reason: "late" })).statusCode).toBe(409);
    expect((await act("admin", id, "unsuspend", { reason: "late" })).statusCode).toBe(409);

    // The history, oldest first: who did what and why.
    const history = await t.app.inject({ url: `/prod-api/business/service/${id}/history`, headers: as.lotus });
    expect(
      history
        .json()
        .data.map((e: { fromState: string; toState: string; actor: string }) => [e.fromState, e.toState, e.actor]),
    ).toEqual([
      ["active", "grace", "job:service-lifecycle"],
      ["grace", "active", "lotus.ops"],
      ["active", "terminated", "admin"],
    ]);
    expect(history.json().data[1].reason).toMatch(/^extended 30 days to .*: Goodwill$/);
  });
});
