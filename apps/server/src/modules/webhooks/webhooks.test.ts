import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizService, sysMail, sysUser, sysWebhook } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MovableClock } from "../../testing/movable-clock.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { flagOverdueProvisioning } from "../lifecycle/provisioning-overdue.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { checkEndpointAddress } from "./endpoint-address.ts";

// The provider's platform, played by a local receiver that verifies every delivery with a
// Standard Webhooks verifier. The job runner's clock walks through the retries; the server's clock
// is the real one (signatures carry it), moved ahead by hand to age an endpoint's failures; the
// test reads its times from it too.
const clock = new MovableClock();
const now = clock.now;
const jobClock = new TestClock(now());
let t: TestApp;
const as: Record<string, Record<string, string>> = {};

interface Received {
  path: string;
  id: string;
  type: string;
  body: { type: string; sequence: number | null; data: Record<string, Record<string, unknown>> };
  verified: boolean;
}
const received: Received[] = [];
/** How the platform answers: the service.created deliveries fail three times, then succeed. */
let createdFailuresLeft = 3;
let secret = "";
let receiver: Server;
let base = "";

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => resolve(text));
  });
}

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const raw = await readBody(request);
    const body = JSON.parse(raw) as Received["body"];
    let verified = false;
    try {
      new Webhook(secret).verify(raw, request.headers as Record<string, string>);
      verified = true;
    } catch {}
    received.push({
      path: request.url ?? "",
      id: String(request.headers["webhook-id"]),
      type: body.type,
      body,
      verified,
    });
    const fail = request.url === "/down" || (body.type === "service.created" && createdFailuresLeft-- > 0);
    response.writeHead(fail ? 500 : 200, { "content-type": "text/plain" });
    response.end(fail ? "platform busy" : "ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await openTestApp({ webhookAllowLoopback: true, jobClock, now });
  await createUser(t.database.db, { userName: "minh", password: "Minh-pass-2026x" });
  await t.database.db.update(sysUser).set({ email: "ops@rampart.test" }).where(eq(sysUser.userName, "admin"));
  as.minh = await signIn(t.app, "minh", "Minh-pass-2026x");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function tickUntil(check: () => boolean | Promise<boolean>, maxSeconds: number): Promise<void> {
  for (let second = 0; second < maxSeconds && !(await check()); second++) await jobClock.tick(1000);
  expect(await check()).toBe(true);
}
const addEndpoint = (payload: object, language = "en") =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/system/webhook",
    headers: { ...as.admin, "accept-language": language },
    payload,
  });
async function buyAndPay(): Promise<{ orderNo: string; serviceId: number }> {
  const bought = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: as.minh,
    payload: { product: "cdn", configuration: "", action: "new", payMethod: "offline", idempotencyKey: randomUUID() },
  });
  const orderNo = bought.json().data.orderNo as string;
  await t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
    headers: as.admin,
  });
  const [service] = await t.database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo));
  return { orderNo, serviceId: service!.serviceId };
}
function signedCallback(body: object, options: { key?: string; id?: string; at?: Date } = {}) {
  const raw = JSON.stringify(body);
  const id = options.id ?? `cb_${randomUUID()}`;
  const at = options.at ?? now();
  const signature = new Webhook(options.key ?? secret).sign(id, at, raw);
  return t.app.inject({
    method: "POST",
    url: "/prod-api/provisioning/callback",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
    payload: raw,
  });
}

describe("endpoint addresses", () => {
  it("refuses what is not https, is malformed, or leads to a private or reserved address, with the reason", async () => {
    const resolve = async (host: string) =>
      ({
        "platform.example": [{ address: "10.1.2.3" }],
        "metadata.example": [{ address: "169.254.169.254" }],
        "mapped.example": [{ address: "::ffff:127.0.0.1" }],
        "compatible.example": [{ address: "::7f00:1" }],
        "nat64.example": [{ address: "64:ff9b::a9fe:a9fe" }],
        "public.example": [{ address: "93.184.216.34" }, { address: "2606:2800:220:1::1" }],
      })[host] ?? [];
    const check = (url: string) => checkEndpointAddress(url, false, resolve);
    expect(await check("https://public.example/rampart")).toEqual({ ok: true });
    expect(await check("https://platform.example/hook")).toMatchObject({
      problem: "webhook_url_private",
      value: "10.1.2.3",
    });
    expect(await check("https://metadata.example/")).toMatchObject({ problem: "webhook_url_private" });
    expect(await check("https://mapped.example/")).toMatchObject({ problem: "webhook_url_private" });
    // IPv6 forms of inward IPv4 addresses: IPv4-compatible (::127.0.0.1) and NAT64.
    expect(await check("https://compatible.example/")).toMatchObject({ problem: "webhook_url_private" });
    expect(await check("https://nat64.example/")).toMatchObject({ problem: "webhook_url_private" });
    expect(await checkEndpointAddress("https://[::127.0.0.1]/", false)).toEqual({
      ok: false,
      problem: "webhook_url_private",
      value: "::7f00:1",
    });
    expect(await check("https://nowhere.example/")).toMatchObject({ problem: "webhook_url_unresolved" });
    expect(await check("http://public.example/")).toMatchObject({ problem: "webhook_url_not_https" });
    expect(await check("http://127.0.0.1:9/")).toMatchObject({ problem: "webhook_url_not_https" });
    expect(await check("https://user:pass@public.example/")).toMatchObject({ problem: "webhook_url_invalid" });

    // Through the console, in the operator's language; nothing is saved.
    const refused = await addEndpoint({ url: "https://10.0.0.5/hook", events: ["order.paid"], siteId: null }, "vi");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      "Địa chỉ trỏ đến 10.0.0.5, một địa chỉ riêng hoặc dành riêng: nền tảng phải truy cập được từ internet",
    );
    expect((await addEndpoint({ url: "ftp://example.com/", events: ["order.paid"], siteId: null })).json().msg).toBe(
      "The address must start with https://",
    );
    expect((await addEndpoint({ url: base, events: [], siteId: null })).statusCode).toBe(400);
    expect(await t.database.db.select().from(sysWebhook)).toEqual([]);
  });
});

describe("deliveries to the provider's platform", () => {
  let serviceId = 0;

  it("signs every event, retries a failing endpoint until it answers, and logs each try", {
    timeout: 90_000,
  }, async () => {
    const created = await addEndpoint({
      url: `${base}/events`,
      description: "Edge platform",
      events: ["order.paid", "service.created", "service.suspended"],
      siteId: null,
    });
    expect(created.statusCode).toBe(200);
    secret = created.json().data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is kept sealed, never as given.
    const [stored] = await t.database.db.select().from(sysWebhook);
    expect(stored!.secret).not.toContain(secret.slice(6));

    ({ serviceId } = await buyAndPay());
    await tickUntil(
      () =>
        received.filter((r) => r.type === "service.created").length === 4 &&
        received.some((r) => r.type === "order.paid"),
      600,
    );
    expect(received.every((r) => r.verified)).toBe(true);
    const creates = received.filter((r) => r.type === "service.created");
    // The same message each time: one id.
    expect(new Set(creates.map((r) => r.id)).size).toBe(1);
    expect(creates[0]!.body.data.service).toMatchObject({ serviceId, product: "cdn", state: "active" });
    expect(creates[0]!.body.data.customer).toMatchObject({ userName: "minh" });
    expect(creates[0]!.body.data.site).toMatchObject({ agentCode: expect.any(String) });
    // order.paid arrived first (service.created was refused three times), yet the service's event
    // numbers give the order of the changes: the service began, then the order was marked paid.
    const paid = received.find((r) => r.type === "order.paid")!;
    expect(received.indexOf(paid)).toBeLessThan(received.indexOf(creates.at(-1)!));
    expect([creates[0]!.body.sequence, paid.body.sequence]).toEqual([1, 2]);

    const [endpoint] = await t.database.db.select().from(sysWebhook);
    const createdMessageNow = async () => {
      const messages = await t.app.inject({
        url: `/prod-api/system/webhook/${endpoint!.webhookId}/messages`,
        headers: as.admin,
      });
      return messages.json().rows.find((m: { eventType: string }) => m.eventType === "service.created");
    };
    await tickUntil(async () => (await createdMessageNow()).status === "delivered", 30);
    const createdMessage = await createdMessageNow();
    expect(createdMessage.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500, 200]);
    expect(createdMessage.attempts[0].response).toBe("platform busy");
    // Told, not yet confirmed: the service waits for the platform.
    expect((await t.database.db.select().from(bizService).where(eq(bizService.serviceId, serviceId)))[0]).toMatchObject(
      {
        provisioning: "pending",
      },
    );

    // Replayed from the console: sent again under the same id.
    const replay = await t.app.inject({
      method: "POST",
      url: `/prod-api/system/webhook/message/${createdMessage.messageId}/replay`,
      headers: as.admin,
    });
    expect(replay.statusCode).toBe(200);
    await tickUntil(() => received.filter((r) => r.type === "service.created").length === 5, 60);
    expect(received.at(-1)!.id).toBe(createdMessage.messageId);
  });

  it("takes the platform's signed callback once, and refuses forged, stale and replayed ones, changing nothing", async () => {
    const [endpoint] = await t.database.db.select().from(sysWebhook);
    const body = { webhookId: endpoint!.webhookId, serviceId, status: "active", message: "Edge nodes configured" };
    const stateOf = async () =>
      (await t.database.db.select().from(bizService).where(eq(bizService.serviceId, serviceId)))[0]!.provisioning;

    const forged = await signedCallback(body, { key: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
    expect(forged.statusCode).toBe(401);
    const stale = await signedCallback(body, { at: new Date(now().getTime() - 10 * 60_000) });
    expect(stale.statusCode).toBe(401);
    const malformed = await signedCallback({ ...body, status: "maybe" });
    expect(malformed.statusCode).toBe(400);
    expect(await stateOf()).toBe("pending");

    const id = `cb_${randomUUID()}`;
    expect((await signedCallback(body, { id })).statusCode).toBe(200);
    expect(await stateOf()).toBe("active");
    const mine = await t.app.inject({ url: "/prod-api/order/mall/product/myServices", headers: as.minh });
    expect(mine.json().rows[0]).toMatchObject({ provisioning: "active" });

    const replayed = await signedCallback({ ...body, status: "failed" }, { id });
    expect(replayed.statusCode).toBe(409);
    expect(await stateOf()).toBe("active");
  });

  it("flags a paid service the platform has not confirmed in time, and mails the operators once", async () => {
    createdFailuresLeft = 0;
    const { serviceId: waiting, orderNo } = await buyAndPay();
    const runner = new JobRunner(t.database, t.app.log);
    const deps = {
      db: t.database.db,
      mail: new MailOutbox(
        { db: t.database.db, jobs: runner, log: t.app.log, now },
        { smtpUrl: undefined, mailFrom: "x@rampart.test" },
      ),
    };
    await runner.start();
    expect(await flagOverdueProvisioning(deps, 30, new Date(now().getTime() + 10 * 60_000))).toBe(0);
    expect(await flagOverdueProvisioning(deps, 30, new Date(now().getTime() + 31 * 60_000))).toBe(1);
    expect(await flagOverdueProvisioning(deps, 30, new Date(now().getTime() + 60 * 60_000))).toBe(0);
    const [service] = await t.database.db.select().from(bizService).where(eq(bizService.serviceId, waiting));
    expect(service!.provisioningOverdueAt).not.toBeNull();
    const mails = await t.database.db
      .select()
      .from(sysMail)
      .where(and(eq(sysMail.event, "provisioning_overdue"), eq(sysMail.recipient, "ops@rampart.test")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(orderNo);
    const overdue = await t.app.inject({
      url: "/prod-api/business/service/list?provisioning=overdue",
      headers: as.admin,
    });
    expect(overdue.json().rows.map((r: { serviceId: number }) => r.serviceId)).toEqual([waiting]);
    await runner.stop();
  });

  it("switches off an endpoint that has failed for a day and mails its operators", { timeout: 90_000 }, async () => {
    const added = await addEndpoint({ url: `${base}/down`, events: ["order.paid"], siteId: null });
    const webhookId = added.json().data.webhookId as number;
    await buyAndPay();
    // The first try fails: written down (after the answer came) as failing since then.
    const endpointNow = async () =>
      (await t.database.db.select().from(sysWebhook).where(eq(sysWebhook.webhookId, webhookId)))[0]!;
    await tickUntil(async () => (await endpointNow()).failingSince !== null, 60);
    expect(await endpointNow()).toMatchObject({ enabled: true });

    // A day later the next try fails too: the endpoint is switched off, its operators told.
    clock.moveBy(25 * 3600_000);
    const tries = received.filter((r) => r.path === "/down").length;
    await tickUntil(() => received.filter((r) => r.path === "/down").length > tries, 600);
    await tickUntil(async () => {
      const [row] = await t.database.db.select().from(sysWebhook).where(eq(sysWebhook.webhookId, webhookId));
      return row!.enabled === false;
    }, 30);
    const mails = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "webhook_disabled"));
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD); // a day on: signed in again
    expect(mails.map((m) => m.recipient)).toEqual(["ops@rampart.test"]);
    const list = await t.app.inject({ url: "/prod-api/system/webhook/list", headers: as.admin });
    expect(list.json(), list.body).toMatchObject({ code: 200 });
    expect(list.json().data.find((w: { webhookId: number }) => w.webhookId === webhookId)).toMatchObject({
      enabled: false,
      disabledReason: "failing for 24 hours",
    });
    clock.reset();
  });
});
