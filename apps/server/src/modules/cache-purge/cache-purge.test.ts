import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizCachePurge, bizService, bizServiceDomain, sysWebhookMessage } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

// The server's clock, moved by hand (the quota counts the site's days: UTC on the default site).
let clock = new Date("2027-02-10T08:00:00Z");
const now = () => clock;
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let secret = "";
let webhookId = 0;
let orderNo = "";
let serviceId = 0;

/** A package of the customer's, with its domains (as the domains module adds them). */
async function newPackage(userName: string, suffix: string, domains: string[]) {
  const { db } = t.database;
  const [service] = await db
    .insert(bizService)
    .values({
      orderNo: `20270201${suffix}`,
      userId: await userIdOf(db, userName),
      product: "cdn",
      configuration: {
        product: "cdn",
        edition: "mainland",
        region: "mainland",
        quantities: { bandwidth: 100, domains: 10 },
        duration: { unit: "year", count: 1 },
        extras: {},
      },
      expiresAt: new Date("2028-02-01T00:00:00Z"),
      createdAt: clock,
      updatedAt: clock,
    })
    .returning();
  for (const name of domains)
    await db.insert(bizServiceDomain).values({
      serviceId: service!.serviceId,
      name,
      registrableDomain: name.split(".").slice(-2).join("."),
      cnameTarget: `x1.cdn.rampart.example`,
      ownershipToken: randomUUID().replace(/-/g, ""),
      state: "active",
      createdAt: clock,
      updatedAt: clock,
    });
  return service!;
}

beforeAll(async () => {
  t = await openTestApp({ now, webhookAllowLoopback: true });
  await createUser(t.database.db, { userName: "linh", password: "Linh-pass-2027x" });
  await createUser(t.database.db, { userName: "budi", password: "Budi-pass-2027x" });
  as.linh = {
    ...(await signIn(t.app, "linh", "Linh-pass-2027x", { "accept-language": "vi" })),
    "accept-language": "vi",
  };
  as.budi = await signIn(t.app, "budi", "Budi-pass-2027x");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const service = await newPackage("linh", "0000000001", ["www.shop.vn", "img.shop.vn"]);
  orderNo = service.orderNo;
  serviceId = service.serviceId;
  await newPackage("budi", "0000000002", ["toko.id"]);
  // The platform's endpoint (on this machine: its deliveries are not this test's business).
  const added = await t.app.inject({
    method: "POST",
    url: "/prod-api/system/webhook",
    headers: as.admin,
    payload: { url: "http://127.0.0.1:9/rampart", events: ["cache.purge", "cache.prefetch"], siteId: null },
  });
  ({ secret, webhookId } = added.json().data as { secret: string; webhookId: number });
});
afterAll(async () => {
  await t.close();
});

const ask = (body: object, who = as.linh!, order = orderNo) =>
  t.app.inject({ method: "POST", url: `/prod-api/control/services/${order}/purges`, headers: who, payload: body });
const listed = async () =>
  (await t.app.inject({ method: "GET", url: `/prod-api/control/services/${orderNo}/purges`, headers: as.linh })).json()
    .data as {
    purges: { purgeId: number; state: string; message: string | null; targets: string[] }[];
    quota: { used: number; limit: number };
  };
const recorded = async () => t.database.db.select().from(bizCachePurge).where(eq(bizCachePurge.serviceId, serviceId));

function callback(body: object, options: { key?: string; id?: string; at?: Date } = {}) {
  const raw = JSON.stringify(body);
  const id = options.id ?? `cb_${randomUUID()}`;
  // Signed now: the signature's library checks the timestamp against this machine's clock.
  const at = options.at ?? new Date();
  return t.app.inject({
    method: "POST",
    url: "/prod-api/platform/purge-callback",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(options.key ?? secret).sign(id, at, raw),
    },
    payload: raw,
  });
}

describe("purge and prefetch", () => {
  it("refuses names that are not the package's, or not of the kind asked, in the customer's language, keeping nothing", async () => {
    const refusals = [
      [
        { kind: "purge", scope: "urls", targets: ["https://www.shop.vn/a.css", "https://evil.example/a.css"] },
        400,
        "evil.example không phải tên miền của gói này",
      ],
      [
        { kind: "purge", scope: "urls", targets: ["ftp://www.shop.vn/a.css"] },
        400,
        "Không phải địa chỉ hợp lệ cho loại yêu cầu này: ftp://www.shop.vn/a.css",
      ],
      [
        { kind: "purge", scope: "directories", targets: ["https://www.shop.vn/img"] },
        400,
        "Không phải địa chỉ hợp lệ cho loại yêu cầu này: https://www.shop.vn/img",
      ],
      [{ kind: "purge", scope: "everything", targets: ["shop.vn"] }, 400, "shop.vn không phải tên miền của gói này"],
      [{ kind: "prefetch", scope: "directories", targets: ["https://www.shop.vn/img/"] }, 400, "Làm nóng chỉ nhận URL"],
    ] as const;
    for (const [body, code, msg] of refusals) expect((await ask(body)).json()).toMatchObject({ code, msg });
    // Another customer's package is not found.
    expect(
      (await ask({ kind: "purge", scope: "everything", targets: ["toko.id"] }, as.linh, "202702010000000002")).json(),
    ).toMatchObject({ code: 404 });
    expect(await recorded()).toEqual([]);
  });

  it("records a request, tells the platform, and shows it pending against the day's quota", async () => {
    const answer = await ask({
      kind: "purge",
      scope: "urls",
      targets: ["https://www.shop.vn/a.css", "https://WWW.shop.vn/a.css", "http://img.shop.vn/logo.png?v=2"],
    });
    expect(answer.json()).toMatchObject({ code: 200, msg: "Đã gửi yêu cầu xóa: nền tảng đang xóa bộ nhớ đệm" });
    const { purgeId } = answer.json().data as { purgeId: number };
    // Repeated entries count once.
    expect(answer.json().data.targets).toEqual(["https://www.shop.vn/a.css", "http://img.shop.vn/logo.png?v=2"]);
    const [message] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(and(eq(sysWebhookMessage.serviceId, serviceId), eq(sysWebhookMessage.eventType, "cache.purge")));
    expect(message!.payload).toMatchObject({
      type: "cache.purge",
      // A request, not a state: not numbered, so a receiver ignoring older numbers never drops it.
      sequence: null,
      data: {
        purge: { purgeId, scope: "urls", targets: ["https://www.shop.vn/a.css", "http://img.shop.vn/logo.png?v=2"] },
        service: { serviceId, orderNo, product: "cdn" },
      },
    });
    expect((await ask({ kind: "prefetch", scope: "urls", targets: ["https://www.shop.vn/"] })).json()).toMatchObject({
      code: 200,
    });
    expect((await ask({ kind: "purge", scope: "everything", targets: ["img.shop.vn"] })).json()).toMatchObject({
      code: 200,
    });
    const list = await listed();
    expect(list.purges.map((p) => p.state)).toEqual(["pending", "pending", "pending"]);
    expect(list.quota).toEqual({ used: 4, limit: 1000 });
  });

  it("counts the product's daily quota (checked when saved) and starts again the next day", async () => {
    const setQuota = (value: string) =>
      t.app.inject({
        method: "PUT",
        url: "/prod-api/system/config/sys.purge.cdn.dailyQuota",
        headers: as.admin,
        payload: { configName: { en: "CDN purges a day" }, configValue: value },
      });
    expect((await setQuota("a few")).json()).toMatchObject({ code: 400 });
    expect((await setQuota("6")).json()).toMatchObject({ code: 200 });
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://www.shop.vn/p/${i}.html`);
    expect((await ask({ kind: "purge", scope: "urls", targets: urls(2) })).json()).toMatchObject({ code: 200 });
    const before = (await recorded()).length;
    expect((await ask({ kind: "purge", scope: "urls", targets: urls(1) })).json()).toMatchObject({
      code: 429,
      msg: "Sẽ vượt hạn mức 6 mục mỗi ngày của gói này; vui lòng thử lại vào ngày mai",
    });
    expect(await recorded()).toHaveLength(before);
    clock = new Date("2027-02-11T00:05:00Z");
    as.linh = {
      ...(await signIn(t.app, "linh", "Linh-pass-2027x", { "accept-language": "vi" })),
      "accept-language": "vi",
    };
    as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    // Two requests at once for the day's last entries: one is taken, the other refused.
    const both = await Promise.all([
      ask({ kind: "purge", scope: "urls", targets: urls(4) }),
      ask({ kind: "prefetch", scope: "urls", targets: urls(4) }),
    ]);
    expect(both.map((answer) => answer.json().code).sort()).toEqual([200, 429]);
    expect((await ask({ kind: "purge", scope: "urls", targets: urls(2) })).json()).toMatchObject({ code: 200 });
    expect((await listed()).quota).toEqual({ used: 6, limit: 6 });
    await setQuota("1000");
  });

  it("takes the platform's signed answer once: done or failed, refusing forged, stale, replayed and repeated answers", async () => {
    const [first, second] = (await listed()).purges.slice(-2).reverse();
    const id = `cb_${randomUUID()}`;
    expect(
      (
        await callback(
          { webhookId, purgeId: first!.purgeId, status: "done" },
          { key: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await callback(
          { webhookId, purgeId: first!.purgeId, status: "done" },
          { at: new Date(Date.now() - 10 * 60_000) },
        )
      ).statusCode,
    ).toBe(401);
    expect((await callback({ webhookId, purgeId: 999_999, status: "done" })).statusCode).toBe(404);
    expect((await callback({ webhookId, purgeId: first!.purgeId, status: "finished" })).statusCode).toBe(400);
    expect((await recorded()).every((row) => row.state === "pending")).toBe(true);

    expect((await callback({ webhookId, purgeId: first!.purgeId, status: "done" }, { id })).json()).toMatchObject({
      code: 200,
    });
    expect((await callback({ webhookId, purgeId: first!.purgeId, status: "done" }, { id })).json()).toMatchObject({
      code: 409,
      msg: "This callback was already received",
    });
    // A second answer (another id) to a request already answered changes nothing.
    expect(
      (await callback({ webhookId, purgeId: first!.purgeId, status: "failed", message: "late" })).json(),
    ).toMatchObject({
      code: 409,
      msg: "This purge was already answered",
    });
    expect(
      (await callback({ webhookId, purgeId: second!.purgeId, status: "failed", message: "origin unreachable" })).json(),
    ).toMatchObject({ code: 200 });
    const states = Object.fromEntries((await listed()).purges.map((p) => [p.purgeId, [p.state, p.message]]));
    expect(states[first!.purgeId]).toEqual(["done", null]);
    expect(states[second!.purgeId]).toEqual(["failed", "origin unreachable"]);
  });
});
