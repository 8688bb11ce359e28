import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizAttackEvent,
  bizService,
  bizServiceDomain,
  bizUsage5m,
  bizUsageTop,
  sysSite,
  sysWebhook,
} from "../../db/schema.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, TEST_TOKEN_SECRET, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { newSigningSecret } from "../webhooks/webhook-admin.ts";
import { keepUsageBatch } from "./keep-usage-batch.ts";

// The provider's platform, played by the test: it signs its batches with an endpoint's secret over
// real time (the Standard Webhooks verifier checks timestamps against it); Rampart's clock, which
// judges the buckets' times, is set by the test.
const clock = new Date("2026-11-29T12:00:00Z");
let t: TestApp;
const endpoints = { all: { webhookId: 0, secret: "" }, agent: { webhookId: 0, secret: "" } };
let ours = 0; // a service of no site (the default site's)
let agents = 0; // a service of the agent's site
const at = (iso: string) => Date.parse(iso) / 1000;

const figures = (n: number) => ({
  bytesOut: 1000 * n,
  bytesOrigin: 100 * n,
  requests: 10 * n,
  cachedRequests: 8 * n,
  cachedBytes: 800 * n,
  status2xx: 9 * n,
  status3xx: 0,
  status4xx: n,
  status5xx: 0,
  peakBps: 1_000_000 * n,
  wafBlocked: n,
  ddosBytes: 0,
  ddosPackets: 0,
});

async function addService(siteId: number | null, orderNo: string): Promise<number> {
  const [service] = await t.database.db
    .insert(bizService)
    .values({
      orderNo,
      siteId,
      userId: await userIdOf(t.database.db, "buyer"),
      product: "cdn",
      configuration: { product: "cdn", edition: "standard", quantities: { bandwidth: 100 } } as never,
      expiresAt: new Date("2027-11-01T00:00:00Z"),
      createdAt: clock,
      updatedAt: clock,
    })
    .returning({ serviceId: bizService.serviceId });
  return service!.serviceId;
}

async function addEndpoint(siteId: number | null) {
  const seal = new SecretSeal(sealingKey(TEST_TOKEN_SECRET, "webhook-secret"));
  const secret = newSigningSecret();
  const [row] = await t.database.db
    .insert(sysWebhook)
    .values({
      siteId,
      url: "https://platform.example/rampart",
      events: [],
      secret: seal.seal(secret),
      createdBy: "admin",
    })
    .returning({ webhookId: sysWebhook.webhookId });
  return { webhookId: row!.webhookId, secret };
}

beforeAll(async () => {
  t = await openTestApp({ now: () => clock, jobSchedules: false });
  await createUser(t.database.db, { userName: "buyer", password: "Buyer-pass-2026x" });
  const [agent] = await t.database.db
    .insert(sysSite)
    .values({ company: "Agent", timeZone: "Asia/Shanghai" })
    .returning({ siteId: sysSite.siteId });
  ours = await addService(null, "USAGE-OURS");
  agents = await addService(agent!.siteId, "USAGE-AGENT");
  endpoints.all = await addEndpoint(null);
  endpoints.agent = await addEndpoint(agent!.siteId);
});
afterAll(async () => {
  await t.close();
});

interface SendOptions {
  endpoint?: { webhookId: number; secret: string };
  key?: string;
  id?: string;
  signedAt?: Date;
  language?: string;
  /** Changes the batch's text before it is signed (what JSON.stringify cannot write). */
  edit?: (raw: string) => string;
}
function send(batch: object, options: SendOptions = {}, url = "/prod-api/platform/usage") {
  const endpoint = options.endpoint ?? endpoints.all;
  const raw = (options.edit ?? ((text) => text))(JSON.stringify({ webhookId: endpoint.webhookId, ...batch }));
  const id = options.id ?? `msg_${randomUUID()}`;
  const signedAt = options.signedAt ?? new Date();
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/json",
      "accept-language": options.language ?? "en",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
      "webhook-signature": new Webhook(options.key ?? endpoint.secret).sign(id, signedAt, raw),
    },
    payload: raw,
  });
}

const bucketsOf = async (serviceId: number) =>
  (await t.database.db.select().from(bizUsage5m).where(eq(bizUsage5m.serviceId, serviceId)))
    .map(({ domain, bucket, bytesOut, peakBps }) => ({ domain, bucket: bucket.toISOString(), bytesOut, peakBps }))
    .sort((a, b) => `${a.bucket}${a.domain}`.localeCompare(`${b.bucket}${b.domain}`));

describe("receiving the platform's batches", () => {
  it("refuses forged, stale and unsigned batches with the reason, in the caller's language, keeping nothing", async () => {
    const batch = { buckets: [{ serviceId: ours, at: at("2026-11-29T10:00:00Z"), ...figures(1) }] };
    const forged = await send(batch, { key: newSigningSecret() });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toMatch(/signature does not verify/);
    const stale = await send(batch, { signedAt: new Date(Date.now() - 10 * 60_000), language: "zh-CN" });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toBe("用量批次的签名无法用其端点密钥验证，或已超过五分钟");
    const unknownEndpoint = await send(batch, { endpoint: { webhookId: 99_999, secret: endpoints.all.secret } });
    expect(unknownEndpoint.statusCode).toBe(401);
    // Unsigned, it is refused as such before the body is read: that it is not JSON is not said.
    const notJson = await t.app.inject({
      method: "POST",
      url: "/prod-api/platform/usage",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(401);
    expect(await bucketsOf(ours)).toEqual([]);
  });

  it("keeps a batch once: a replay of its id is refused, the same figures sent again count once", async () => {
    const batch = {
      buckets: [
        { serviceId: ours, at: at("2026-11-29T10:00:00Z"), ...figures(1) },
        { serviceId: ours, at: at("2026-11-29T10:05:00Z"), ...figures(2) },
        { serviceId: ours, domain: "shop.example", at: at("2026-11-29T10:05:00Z"), ...figures(1) },
      ],
    };
    const id = `msg_${randomUUID()}`;
    const first = await send(batch, { id });
    expect(first.json()).toMatchObject({ code: 200, data: { buckets: 3, tops: 0, attacks: 0 } });
    const replayed = await send(
      { buckets: [{ serviceId: ours, at: at("2026-11-29T10:00:00Z"), ...figures(50) }] },
      { id, language: "vi" },
    );
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().msg).toBe("Lô số liệu sử dụng này (webhook-id) đã được nhận; không lưu lại lần nữa");
    expect((await send(batch)).statusCode).toBe(200);
    expect(await bucketsOf(ours)).toEqual([
      { domain: "", bucket: "2026-11-29T10:00:00.000Z", bytesOut: 1000, peakBps: 1_000_000 },
      { domain: "", bucket: "2026-11-29T10:05:00.000Z", bytesOut: 2000, peakBps: 2_000_000 },
      { domain: "shop.example", bucket: "2026-11-29T10:05:00.000Z", bytesOut: 1000, peakBps: 1_000_000 },
    ]);
  });

  it("replaces a bucket's figures with a correction (the last of the same bucket in one batch wins)", async () => {
    const bucket = at("2026-11-29T10:05:00Z");
    const corrected = await send({
      buckets: [
        { serviceId: ours, at: bucket, ...figures(7) },
        { serviceId: ours, at: bucket, ...figures(3) },
      ],
    });
    expect(corrected.json().data).toEqual({ buckets: 1, tops: 0, attacks: 0 });
    expect((await bucketsOf(ours))[1]).toEqual({
      domain: "",
      bucket: "2026-11-29T10:05:00.000Z",
      bytesOut: 3000,
      peakBps: 3_000_000,
    });
  });

  it("refuses a bad batch naming its first bad entry, and keeps nothing of it", async () => {
    const good = { serviceId: ours, at: at("2026-11-29T11:00:00Z"), ...figures(1) };
    const before = await bucketsOf(ours);
    const cases: [object, number, string][] = [
      [{ buckets: [good, good, { ...good, at: good.at + 60 }] }, 400, "buckets[2]: bucket not on a 5-minute boundary"],
      [{ buckets: [good, { ...good, bytesOut: -5 }] }, 400, "buckets[1].bytesOut: must not be negative"],
      [{ buckets: [{ ...good, requests: 1.5 }] }, 400, "buckets[0].requests: must be a whole number of 0 or more"],
      [{ buckets: [{ ...good, peakBps: 2 ** 60 }] }, 400, "buckets[0].peakBps: too large or not a finite number"],
      [
        { buckets: [good, { ...good, at: at("2026-11-29T12:10:00Z") }] },
        400,
        "buckets[1]: bucket more than 300 seconds in the future",
      ],
      [
        { buckets: [{ ...good, at: at("2026-10-20T00:00:00Z") }] },
        400,
        "buckets[0]: bucket older than the 35 days its 5-minute figures are kept",
      ],
      [{ buckets: [good, { ...good, serviceId: 987_654 }] }, 400, "buckets[1]: no service 987654"],
      [{ buckets: Array.from({ length: 1001 }, () => good) }, 400, "batch: more than 1000 entries"],
      [{ buckets: [{ ...good, color: "red" }] }, 400, "buckets[0]: unknown field color"],
      [
        {
          tops: [
            {
              serviceId: ours,
              day: "2026-11-28",
              kind: "country",
              items: Array.from({ length: 51 }, () => ({ key: "ID", requests: 1, bytes: 1 })),
            },
          ],
        },
        400,
        "tops[0].items: more than 50 entries",
      ],
      [
        { tops: [{ serviceId: ours, day: "2026-02-30", kind: "url", items: [] }] },
        400,
        "tops[0].day: not of the expected form",
      ],
      [
        {
          attacks: [
            {
              serviceId: ours,
              attackId: "a1",
              startedAt: 2000,
              endedAt: 1000,
              target: "x",
              vector: "SYN",
              peakBps: 1,
              peakPps: 1,
              action: "scrubbed",
            },
          ],
        },
        400,
        "attacks[0]: the attack ends before it starts",
      ],
      [
        {
          attacks: [
            {
              serviceId: ours,
              attackId: "a2",
              startedAt: at("2026-11-29T11:00:00Z"),
              endedAt: 9_000_000_000_000,
              target: "x",
              vector: "SYN",
              peakBps: 1,
              peakPps: 1,
              action: "scrubbed",
            },
          ],
        },
        400,
        "attacks[0]: the attack's times are more than 300 seconds in the future",
      ],
    ];
    for (const [batch, status, message] of cases) {
      const refused = await send(batch);
      expect(refused.statusCode, message).toBe(status);
      expect(refused.json().msg).toBe(`${message}. Nothing of the batch was kept`);
    }
    const infinite = await send(
      { buckets: [{ ...good, peakBps: 12345 }] },
      { edit: (raw) => raw.replace("12345", "1e400") },
    );
    expect(infinite.json().msg).toBe(
      "buckets[0].peakBps: too large or not a finite number. Nothing of the batch was kept",
    );
    const inChinese = await send({ buckets: [{ ...good, at: good.at + 1 }] }, { language: "zh-TW" });
    expect(inChinese.json().msg).toBe("buckets[0]：時間桶不在 5 分鐘整點邊界上。整個批次均未儲存");
    expect(await bucketsOf(ours)).toEqual(before);
  });

  it("refuses a site-bound endpoint's batch about another site's service", async () => {
    const bucket = { at: at("2026-11-29T11:00:00Z"), ...figures(1) };
    const refused = await send(
      {
        buckets: [
          { serviceId: agents, ...bucket },
          { serviceId: ours, ...bucket },
        ],
      },
      { endpoint: endpoints.agent },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(
      `buckets[1]: service ${ours} belongs to another site than this endpoint's. Nothing of the batch was kept`,
    );
    expect(await bucketsOf(agents)).toEqual([]);
    const taken = await send({ buckets: [{ serviceId: agents, ...bucket }] }, { endpoint: endpoints.agent });
    expect(taken.statusCode).toBe(200);
    expect(await bucketsOf(agents)).toHaveLength(1);
  });

  it("replaces a day's top list of a kind, and opens then closes an attack", async () => {
    const list = (keys: string[]) => ({
      serviceId: ours,
      day: "2026-11-28",
      kind: "country",
      items: keys.map((key, i) => ({ key, requests: 100 - i, bytes: 1000 - i })),
    });
    await send({ tops: [list(["ID", "VN", "SG"]), { ...list(["/"]), kind: "url" }] });
    await send({ tops: [list(["VN", "ID"])] });
    const tops = await t.database.db.select().from(bizUsageTop).where(eq(bizUsageTop.serviceId, ours));
    expect(
      tops
        .filter((row) => row.kind === "country")
        .sort((a, b) => a.rank - b.rank)
        .map((row) => row.key),
    ).toEqual(["VN", "ID"]);
    expect(tops.filter((row) => row.kind === "url")).toHaveLength(1);

    const attack = {
      serviceId: ours,
      attackId: "atk-1",
      startedAt: at("2026-11-29T09:00:00Z"),
      target: "shop.example",
      vector: "UDP amplification",
      peakBps: 40_000_000_000,
      peakPps: 9_000_000,
      action: "scrubbed",
    };
    expect((await send({ attacks: [attack] })).json().data).toEqual({ buckets: 0, tops: 0, attacks: 1 });
    const closed = await send({
      attacks: [{ ...attack, endedAt: at("2026-11-29T09:40:00Z"), peakBps: 52_000_000_000 }],
    });
    expect(closed.statusCode).toBe(200);
    await send({ attacks: [attack] }); // late news that it was going on: it stays closed
    const [event] = await t.database.db.select().from(bizAttackEvent).where(eq(bizAttackEvent.attackId, "atk-1"));
    expect(event).toMatchObject({ peakBps: 52_000_000_000, endedAt: new Date("2026-11-29T09:40:00Z") });
  });

  it("tells its listeners which attacks a batch opened and closed", async () => {
    const attack = (attackId: string, endedAt?: number) => ({
      serviceId: ours,
      attackId,
      startedAt: at("2026-11-29T11:00:00Z"),
      ...(endedAt ? { endedAt } : {}),
      target: "203.0.113.7",
      vector: "SYN flood",
      peakBps: 1,
      peakPps: 1,
      action: "blackholed" as const,
    });
    const keep = (attacks: ReturnType<typeof attack>[]) =>
      t.database.db.transaction((tx) => keepUsageBatch(tx, { webhookId: 1, attacks }, clock));
    const opened = await keep([attack("atk-2"), attack("atk-3", at("2026-11-29T11:30:00Z"))]);
    expect(opened.attackChanges.map(({ change, attackId }) => `${attackId} ${change}`).sort()).toEqual([
      "atk-2 started",
      "atk-3 ended",
      "atk-3 started",
    ]);
    const closed = await keep([
      attack("atk-2", at("2026-11-29T11:45:00Z")),
      attack("atk-3", at("2026-11-29T11:30:00Z")),
    ]);
    expect(closed.attackChanges.map(({ change, attackId }) => `${attackId} ${change}`)).toEqual(["atk-2 ended"]);
  });

  it("checks the retention settings when they are saved", async () => {
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const save = (key: string, value: string) =>
      t.app.inject({
        method: "PUT",
        url: `/prod-api/system/config/${key}`,
        headers: admin,
        payload: { configName: { en: key }, configValue: value },
      });
    expect((await save("sys.usage.keep5mDays", "20")).statusCode).toBe(400);
    expect((await save("sys.usage.keepHourlyMonths", "0")).statusCode).toBe(400);
    expect((await save("sys.usage.keepDailyYears", "x")).statusCode).toBe(400);
    expect((await save("sys.usage.keep5mDays", "40")).json().code).toBe(200);
    const older = await send({ buckets: [{ serviceId: ours, at: at("2026-10-22T00:00:00Z"), ...figures(1) }] });
    expect(older.json().code).toBe(200);
    expect((await save("sys.usage.keep5mDays", "35")).json().code).toBe(200);
  });

  it("lists the services the platform reports on, with their domains, for operators", async () => {
    await t.database.db.insert(bizServiceDomain).values({
      serviceId: ours,
      name: "shop.example",
      registrableDomain: "shop.example",
      cnameTarget: "x.cdn.example",
      ownershipToken: "token",
      createdAt: clock,
      updatedAt: clock,
    });
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const listed = await t.app.inject({ url: "/prod-api/business/usage/targets", headers: admin });
    expect(listed.json().data).toEqual([
      { serviceId: ours, product: "cdn", siteId: null, committedMbps: 100, domains: ["shop.example"] },
      { serviceId: agents, product: "cdn", siteId: expect.any(Number), committedMbps: 100, domains: [] },
    ]);
    const buyer = await signIn(t.app, "buyer", "Buyer-pass-2026x");
    expect((await t.app.inject({ url: "/prod-api/business/usage/targets", headers: buyer })).statusCode).toBe(403);
    // The platform asks for the same with its endpoint's signature: a site's endpoint, its site's only.
    const signed = await send({}, {}, "/prod-api/platform/usage/targets");
    expect(signed.json().data.map((target: { serviceId: number }) => target.serviceId)).toEqual([ours, agents]);
    const agentOnly = await send({}, { endpoint: endpoints.agent }, "/prod-api/platform/usage/targets");
    expect(agentOnly.json().data.map((target: { serviceId: number }) => target.serviceId)).toEqual([agents]);
    const forged = await send({}, { key: newSigningSecret() }, "/prod-api/platform/usage/targets");
    expect(forged.statusCode).toBe(401);
  });

  it("makes a month's partition again when another process dropped it behind this one's back", async () => {
    const bucket = { serviceId: ours, at: at("2026-11-29T11:30:00Z"), ...figures(4) };
    expect((await send({ buckets: [bucket] })).statusCode).toBe(200);
    await t.database.db.execute(sql`drop table biz_usage_5m_202611`);
    const again = await send({ buckets: [bucket] });
    expect(again.json()).toMatchObject({ code: 200, data: { buckets: 1 } });
    // November's rows went with its partition (October's, a test before, stay); the batch is in.
    expect((await bucketsOf(ours)).filter((row) => row.bucket.startsWith("2026-11"))).toEqual([
      { domain: "", bucket: "2026-11-29T11:30:00.000Z", bytesOut: 4000, peakBps: 4_000_000 },
    ]);
  });
});
