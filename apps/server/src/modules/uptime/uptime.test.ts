import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizMonitor,
  bizMonitorHourly,
  bizMonitorIncident,
  bizMonitorResult,
  sysMail,
  sysUser,
} from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { OutboundClient } from "../../outbound/outbound-client.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { runCheck } from "./monitor-check.ts";
import { removeOldChecks } from "./old-checks.ts";

// The server's clock, moved by hand between checks.
let clock = new Date("2027-03-01T08:00:00Z");
const now = () => clock;
const MINUTE = 60_000;

/** The customer's website: up (200 with its keyword), or down (503). */
let siteUp = true;
const website = http.createServer((request, response) => {
  if (request.url === "/moved") {
    response.writeHead(302, { location: "/" }).end();
    return;
  }
  if (siteUp) response.writeHead(200, { "content-type": "text/html" }).end("<h1>Welcome to the shop</h1>");
  else response.writeHead(503).end("maintenance");
});
let siteUrl = "";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => website.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
  // This machine is allowed here (the website is on it); the refusals are tested below without it.
  t = await openTestApp({ now, outboundAllowPrivate: true });
  await createUser(t.database.db, { userName: "dewi", password: "Dewi-pass-2027x" });
  await createUser(t.database.db, { userName: "tuan", password: "Tuan-pass-2027x" });
  await t.database.db.update(sysUser).set({ email: "dewi@example.id" }).where(eq(sysUser.userName, "dewi"));
  // She signs in and works in Indonesian: her mails are written in it.
  as.dewi = {
    ...(await signIn(t.app, "dewi", "Dewi-pass-2027x", { "accept-language": "id" })),
    "accept-language": "id",
  };
  as.tuan = await signIn(t.app, "tuan", "Tuan-pass-2027x");
});
afterAll(async () => {
  await t.close();
  website.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Shop",
  url: siteUrl,
  method: "GET",
  expectedStatus: 200,
  keyword: "Welcome",
  // Hourly: the server's every-minute sweep of due monitors runs on the real clock, and would queue
  // checks this test did not ask for once the server's clock (moved by hand) made them due.
  intervalSeconds: 3600,
  enabled: true,
  ...overrides,
});
const resultsOf = async (monitorId: number) =>
  t.database.db.select().from(bizMonitorResult).where(eq(bizMonitorResult.monitorId, monitorId));
const monitorRow = async (monitorId: number) =>
  (await t.database.db.select().from(bizMonitor).where(eq(bizMonitor.monitorId, monitorId)))[0]!;
/** "Check now", a minute after the last check, and the check's result recorded. */
const checkNow = async (monitorId: number) => {
  const before = (await resultsOf(monitorId)).length;
  clock = new Date(clock.getTime() + MINUTE);
  const answer = await t.app.inject({
    method: "POST",
    url: `/prod-api/control/monitors/${monitorId}/check`,
    headers: as.dewi,
  });
  expect(answer.json().code).toBe(200);
  await expect.poll(async () => (await resultsOf(monitorId)).length, { timeout: 10_000 }).toBe(before + 1);
  return monitorRow(monitorId);
};

describe("website monitoring", () => {
  it("checks a site at once, finds it down after two failures, mails, and mails again when it is back", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.dewi,
      payload: body(),
    });
    expect(created.json()).toMatchObject({ code: 200, msg: "Pemantau disimpan" });
    const monitorId = created.json().data.monitorId as number;
    // Checked at once, without waiting for the schedule.
    await expect.poll(async () => (await monitorRow(monitorId)).state, { timeout: 10_000 }).toBe("up");
    expect((await monitorRow(monitorId)).lastStatus).toBe(200);

    siteUp = false;
    let row = await checkNow(monitorId);
    // One failure is not yet an outage.
    expect(row).toMatchObject({ state: "up", failures: 1, lastStatus: 503, lastError: "status:503" });
    const failingSince = row.failingSince;
    row = await checkNow(monitorId);
    expect(row).toMatchObject({ state: "down", failures: 2 });
    const [incident] = await t.database.db
      .select()
      .from(bizMonitorIncident)
      .where(eq(bizMonitorIncident.monitorId, monitorId));
    expect(incident).toMatchObject({ endedAt: null, cause: "status:503" });
    expect(incident!.startedAt).toEqual(failingSince);
    // A third failure opens no second incident and sends no second mail.
    await checkNow(monitorId);
    // "Check now" twice in the same moment queues one check: the second is refused.
    const again = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/monitors/${monitorId}/check`,
      headers: as.dewi,
    });
    expect(again.statusCode).toBe(429);

    siteUp = true;
    row = await checkNow(monitorId);
    expect(row).toMatchObject({ state: "up", failures: 0, failingSince: null });
    const [closed] = await t.database.db
      .select()
      .from(bizMonitorIncident)
      .where(eq(bizMonitorIncident.monitorId, monitorId));
    expect(closed!.endedAt).toEqual(clock);

    const mails = await t.database.db
      .select()
      .from(sysMail)
      .where(eq(sysMail.recipient, "dewi@example.id"))
      .orderBy(asc(sysMail.mailId));
    expect(mails.map((m) => m.event)).toEqual(["monitor_down", "monitor_up"]);
    // In her language, naming the reason, with the link from the site record (never a request's host).
    expect(mails[0]!.subject).toBe("Gangguan: Shop — Rampart Cloud");
    expect(mails[0]!.text).toContain("status jawabannya 503");
    expect(mails[0]!.text).toMatch(/https?:\/\/[^\s]+\/control\/monitors/);
    expect(mails[1]!.subject).toBe("Pulih: Shop — Rampart Cloud");
    expect(mails[1]!.text.replace(/\s+/g, " ")).toContain(
      // In her site's zone (UTC: she has none of her own), as Indonesians write a time.
      "Gangguan dimulai pada 1 Maret 2027 pukul 08.01 (UTC) dan berlangsung sekitar 3 menit",
    );

    // The report: uptime, each check in the last 24 hours, the incident.
    const report = await t.app.inject({
      method: "GET",
      url: `/prod-api/control/monitors/${monitorId}/report?range=24h`,
      headers: as.dewi,
    });
    const data = report.json().data;
    expect(data.points).toHaveLength(5);
    expect(data.points.filter((p: { failures: number }) => p.failures === 1)).toHaveLength(3);
    expect(data.uptime.day).toBe(40);
    expect(data.incidents).toHaveLength(1);
    expect(data.incidents[0].endedAt).not.toBeNull();
    const list = await t.app.inject({ method: "GET", url: "/prod-api/control/monitors", headers: as.dewi });
    expect(list.json().data[0]).toMatchObject({ monitorId, state: "up", uptimeDay: 40, lastStatus: 200 });
  });

  it("looks for the keyword and follows redirects", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.dewi,
      payload: body({ name: "Moved", url: `${siteUrl}/moved`, keyword: "Closed for good" }),
    });
    const monitorId = created.json().data.monitorId as number;
    await expect.poll(async () => (await monitorRow(monitorId)).lastError, { timeout: 10_000 }).toBe("keyword");
    expect((await monitorRow(monitorId)).lastStatus).toBe(200);
  });

  it("keeps each customer's monitors to themselves, within the limit, and refuses bad input changing nothing", async () => {
    const [mine] = await t.database.db
      .select()
      .from(bizMonitor)
      .where(eq(bizMonitor.userId, await userIdOf(t.database.db, "dewi")));
    const id = mine!.monitorId;
    for (const [method, url] of [
      ["GET", `/prod-api/control/monitors/${id}/report`],
      ["PUT", `/prod-api/control/monitors/${id}`],
      ["DELETE", `/prod-api/control/monitors/${id}`],
      ["POST", `/prod-api/control/monitors/${id}/check`],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url,
        headers: as.tuan,
        ...(method === "PUT" ? { payload: body() } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/prod-api/control/monitors", headers: as.tuan })).json().data,
    ).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/prod-api/control/monitors" })).statusCode).toBe(401);

    const head = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.tuan,
      payload: body({ method: "HEAD" }),
    });
    expect(head.json()).toMatchObject({
      code: 400,
      msg: "A keyword can only be looked for with GET (a HEAD answer has no body)",
    });
    const often = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.tuan,
      payload: body({ intervalSeconds: 10 }),
    });
    expect(often.statusCode).toBe(400);
    const ftp = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.tuan,
      payload: body({ url: "ftp://example.com/" }),
    });
    expect(ftp.json().msg).toBe("The address must start with http:// or https://");

    // The operator allows one monitor per customer.
    const setting = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/config/sys.monitor.maxPerCustomer",
      headers: await signIn(t.app, "admin", TEST_ADMIN_PASSWORD),
      payload: { configName: { en: "Website monitors per customer" }, configValue: "1" },
    });
    expect(setting.json().code, setting.body).toBe(200);
    const first = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.tuan,
      payload: body({ enabled: false }),
    });
    expect(first.json().code).toBe(200);
    const second = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/monitors",
      headers: as.tuan,
      payload: body({ enabled: false }),
    });
    expect(second.json()).toMatchObject({
      code: 409,
      msg: "You already have 1 monitors, the most allowed: remove one to add another",
    });
    const paused = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/monitors/${first.json().data.monitorId}/check`,
      headers: as.tuan,
    });
    expect(paused.statusCode).toBe(409);
    expect(
      await t.database.db
        .select()
        .from(bizMonitor)
        .where(eq(bizMonitor.userId, await userIdOf(t.database.db, "tuan"))),
    ).toHaveLength(1);
  });

  it("counts each check in its hour, and keeps the counts when checks older than 30 days are removed", async () => {
    const [mine] = await t.database.db
      .select()
      .from(bizMonitor)
      .where(and(eq(bizMonitor.name, "Shop"), eq(bizMonitor.userId, await userIdOf(t.database.db, "dewi"))));
    const before = await resultsOf(mine!.monitorId);
    const hoursOf = () =>
      t.database.db.select().from(bizMonitorHourly).where(eq(bizMonitorHourly.monitorId, mine!.monitorId));
    const counted = async () => {
      const hours = await hoursOf();
      return {
        checks: hours.reduce((n, h) => n + h.checks, 0),
        failures: hours.reduce((n, h) => n + h.failures, 0),
      };
    };
    const expected = { checks: before.length, failures: before.filter((r) => !r.ok).length };
    expect(await counted()).toEqual(expected);
    // One row per hour (UTC) that had checks: the test's checks all fall in one.
    expect((await hoursOf()).map((h) => h.hour.toISOString())).toEqual(["2027-03-01T08:00:00.000Z"]);
    // A day after the third check, the day's uptime counts from it on: within the hour the day
    // starts in, the checks themselves are read, not the hour's count.
    const sorted = [...before].sort((a, b) => a.checkedAt.getTime() - b.checkedAt.getTime());
    const inDay = sorted.slice(2);
    // Paused first: days later every monitor would be due for the sweep.
    await t.database.db.update(bizMonitor).set({ enabled: false });
    clock = new Date(sorted[2]!.checkedAt.getTime() + 86_400_000);
    as.dewi = { ...(await signIn(t.app, "dewi", "Dewi-pass-2027x")), "accept-language": "id" };
    const list = await t.app.inject({ method: "GET", url: "/prod-api/control/monitors", headers: as.dewi });
    const shown = (list.json().data as { monitorId: number; uptimeDay: number; uptimeMonth: number }[]).find(
      (m) => m.monitorId === mine!.monitorId,
    );
    const share = (rows: typeof before) => Math.round((rows.filter((r) => r.ok).length / rows.length) * 1000) / 10;
    expect(share(inDay)).not.toBe(share(sorted));
    expect(shown).toMatchObject({ uptimeDay: share(inDay), uptimeMonth: share(sorted) });
    const later = new Date(clock.getTime() + 31 * 86_400_000);
    expect(await removeOldChecks(t.database.db, later)).toBeGreaterThanOrEqual(before.length);
    expect(await resultsOf(mine!.monitorId)).toHaveLength(0);
    expect(await counted()).toEqual(expected);
    // The 90-day chart still shows them.
    clock = later;
    as.dewi = { ...(await signIn(t.app, "dewi", "Dewi-pass-2027x")), "accept-language": "id" };
    const report = await t.app.inject({
      method: "GET",
      url: `/prod-api/control/monitors/${mine!.monitorId}/report?range=90d`,
      headers: as.dewi,
    });
    expect(report.json().code, report.body).toBe(200);
    expect(report.json().data.points.reduce((n: number, p: { checks: number }) => n + p.checks, 0)).toBe(before.length);
  });
});

describe("requests on a customer's behalf (SSRF)", () => {
  let strict: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    strict = await openTestApp({ now });
    await createUser(strict.database.db, { userName: "mallory", password: "Mallory-pass-2027x" });
    headers = await signIn(strict.app, "mallory", "Mallory-pass-2027x");
  });
  afterAll(() => strict.close());

  it("refuses private, loopback, link-local and metadata addresses when a monitor is saved", async () => {
    for (const [url, address] of [
      ["http://10.0.0.1/", "10.0.0.1"],
      ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
      ["http://localhost:8080/", "127.0.0.1"],
      ["http://[::1]/", "::1"],
      ["http://192.168.1.1/admin", "192.168.1.1"],
    ]) {
      const answer = await strict.app.inject({
        method: "POST",
        url: "/prod-api/control/monitors",
        headers,
        payload: body({ url }),
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().msg, url).toContain(address);
    }
    expect(await strict.database.db.select().from(bizMonitor)).toHaveLength(0);
  });

  it("refuses them again when it connects (a name that points elsewhere later)", async () => {
    const userId = await userIdOf(strict.database.db, "mallory");
    // As if the name had resolved to a public address when it was saved.
    const [row] = await strict.database.db
      .insert(bizMonitor)
      .values({ ...body({ url: siteUrl, keyword: "" }), userId, nextCheckAt: clock, createdAt: clock } as never)
      .returning();
    const runner = new JobRunner(strict.database, strict.app.log);
    const outbound = new OutboundClient({ allowPrivate: false, dnsServers: [] });
    const mail = new MailOutbox(
      { db: strict.database.db, jobs: runner, log: strict.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    await runCheck({ db: strict.database.db, outbound, mail, now, log: strict.app.log }, row!.monitorId);
    outbound.close();
    const [result] = await strict.database.db
      .select()
      .from(bizMonitorResult)
      .where(and(eq(bizMonitorResult.monitorId, row!.monitorId)));
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "address_refused" });
  });
});
