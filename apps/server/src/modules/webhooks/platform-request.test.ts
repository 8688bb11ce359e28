import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { bizUsage5m } from "../../db/schema.ts";
import { addPlatformEndpoint } from "../../testing/platform-endpoints.ts";
import { openTestApp, TEST_TOKEN_SECRET, type TestApp, testConfig } from "../../testing/test-app.ts";
import { PLATFORM_REFUSALS_PER_MINUTE } from "./platform-refusals.ts";
import { newSigningSecret } from "./webhook-admin.ts";

// The provider's platform's requests, on all five of its routes: refused alike (401) until the
// sender is proven, cheap refusals before the body is read, and an address that keeps sending
// refused requests answered 429 while its signed ones still pass. The platform signs over real
// time (the timestamp window is the real clock's); every test sends from addresses of its own,
// since the refusals are counted per address.
let t: TestApp;
const endpoints = { enabled: { webhookId: 0, secret: "" }, disabled: { webhookId: 0, secret: "" } };

beforeAll(async () => {
  t = await openTestApp({ jobSchedules: false });
  // Hearing of certificates: the one whose signed request for a key is answered (404: no such certificate).
  endpoints.enabled = await addPlatformEndpoint(t.database.db, { events: ["certificate.issued"] });
  endpoints.disabled = await addPlatformEndpoint(t.database.db, { events: ["certificate.issued"], enabled: false });
});
afterAll(async () => {
  await t.close();
});

const CALLBACK_REFUSED = "The callback's signature does not verify, or it is more than five minutes old";
const USAGE_REFUSED =
  "The usage batch's signature does not verify with its endpoint's secret, or it is more than five minutes old";

/** Each platform route, a request of its form about nothing that exists, and its answer when signed. */
const ROUTES = [
  {
    path: "/prod-api/provisioning/callback",
    body: { serviceId: 999_999, status: "active" },
    signed: 404,
    refused: CALLBACK_REFUSED,
  },
  {
    path: "/prod-api/provisioning/certificate-key",
    body: { certificateId: 999_999 },
    signed: 404,
    refused: CALLBACK_REFUSED,
  },
  {
    path: "/prod-api/platform/purge-callback",
    body: { purgeId: 999_999, status: "done" },
    signed: 404,
    refused: CALLBACK_REFUSED,
  },
  { path: "/prod-api/platform/usage", body: { buckets: [] }, signed: 200, refused: USAGE_REFUSED },
  { path: "/prod-api/platform/usage/targets", body: {}, signed: 200, refused: USAGE_REFUSED },
];

interface Sending {
  /** The endpoint named in the body (the enabled one by default). */
  endpoint?: { webhookId: number; secret: string };
  /** The secret that signs, when not the endpoint's (a forger's). */
  key?: string;
  signedAt?: Date;
  /** Headers put over the signed ones (a header left out: undefined). */
  headers?: Record<string, string | undefined>;
  /** The body as sent, when not the route's JSON. */
  raw?: string;
  from?: string;
  app?: FastifyInstance;
}

function send(path: string, body: object, sending: Sending = {}) {
  const endpoint = sending.endpoint ?? endpoints.enabled;
  const raw = sending.raw ?? JSON.stringify({ webhookId: endpoint.webhookId, ...body });
  const id = `msg_${randomUUID()}`;
  const signedAt = sending.signedAt ?? new Date();
  const headers: Record<string, string | undefined> = {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
    "webhook-signature": new Webhook(sending.key ?? endpoint.secret).sign(id, signedAt, raw),
    ...sending.headers,
  };
  return (sending.app ?? t.app).inject({
    method: "POST",
    url: path,
    headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >,
    payload: raw,
    remoteAddress: sending.from ?? "198.51.100.1",
  });
}

describe("requests from the platform", () => {
  for (const [n, route] of ROUTES.entries())
    it(`answers ${route.path} signed, and refuses it alike (401) unsigned, malformed, stale, forged or from a disabled endpoint`, async () => {
      const from = `198.51.100.${10 + n}`;
      const signed = await send(route.path, route.body, { from });
      expect(signed.statusCode, signed.body).toBe(route.signed);

      const refusals: Record<string, Sending> = {
        "no webhook-id": { headers: { "webhook-id": undefined } },
        "no webhook-timestamp": { headers: { "webhook-timestamp": undefined } },
        "no webhook-signature": { headers: { "webhook-signature": undefined } },
        "a timestamp that is no number": { headers: { "webhook-timestamp": "soon" } },
        "a signature that is no v1 HMAC": { headers: { "webhook-signature": "v1,bm9wZQ==" } },
        "a webhook-id longer than 100 characters": { headers: { "webhook-id": `msg_${"x".repeat(100)}` } },
        "signed ten minutes ago": { signedAt: new Date(Date.now() - 10 * 60_000) },
        "signed ten minutes ahead": { signedAt: new Date(Date.now() + 10 * 60_000) },
        "signed with another secret": { key: newSigningSecret() },
        "from an unknown endpoint": { endpoint: { webhookId: 99_999, secret: endpoints.enabled.secret } },
        "from a disabled endpoint": { endpoint: endpoints.disabled },
      };
      for (const [why, sending] of Object.entries(refusals)) {
        const refused = await send(route.path, route.body, { ...sending, from });
        // Nothing says which check failed.
        expect(refused.json(), why).toEqual({ code: 401, msg: route.refused, requestId: expect.any(String) });
        expect(refused.statusCode, why).toBe(401);
      }
      expect(await t.database.db.select().from(bizUsage5m)).toEqual([]);
    });

  it("refuses a stale or unsigned body before reading it: 4 MB that is not JSON is a 401, not a 400, and beyond the limit not a 413", async () => {
    const usage = "/prod-api/platform/usage";
    const notJson = "x".repeat(4 * 1024 * 1024 - 1);
    const stale = await send(
      usage,
      {},
      { raw: notJson, signedAt: new Date(Date.now() - 10 * 60_000), from: "198.51.100.30" },
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json().msg).toBe(USAGE_REFUSED);
    const unsigned = await send(
      usage,
      {},
      {
        raw: `${notJson}xxxxxxxxxx`,
        headers: { "webhook-signature": undefined },
        from: "198.51.100.30",
      },
    );
    expect(unsigned.statusCode).toBe(401);
    // With good headers the body is read, and one that is not JSON naming its endpoint is said to be so.
    const fresh = await send(usage, {}, { raw: "{not json", from: "198.51.100.30" });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().msg).toBe("The usage batch is not a JSON object naming its endpoint (webhookId)");
  });

  it(`answers 429 to an address past ${PLATFORM_REFUSALS_PER_MINUTE} refusals a minute on the platform's routes together, never to its signed requests`, async () => {
    const from = "203.0.113.40";
    const kinds: Sending[] = [
      { headers: { "webhook-signature": undefined } },
      { signedAt: new Date(Date.now() - 10 * 60_000) },
      { key: newSigningSecret() },
      { endpoint: endpoints.disabled },
      { raw: "{not json" },
    ];
    const answers: number[] = [];
    for (let n = 0; n < PLATFORM_REFUSALS_PER_MINUTE; n++) {
      const route = ROUTES[n % ROUTES.length]!;
      answers.push((await send(route.path, route.body, { ...kinds[n % kinds.length], from })).statusCode);
    }
    expect(answers.every((status) => status === 401 || status === 400)).toBe(true);

    const forged = await send(ROUTES[0]!.path, ROUTES[0]!.body, { key: newSigningSecret(), from });
    expect(forged.statusCode).toBe(429);
    expect(forged.json().msg).toBe("Too many requests, please try again later");
    expect(Number(forged.headers["retry-after"])).toBeGreaterThan(0);
    const unsigned = await send(ROUTES[3]!.path, ROUTES[3]!.body, { headers: { "webhook-id": undefined }, from });
    expect(unsigned.statusCode).toBe(429);

    // The same address's signed requests pass, on every route.
    for (const route of ROUTES) expect((await send(route.path, route.body, { from })).statusCode).toBe(route.signed);
    // Another address is not held back by this one.
    expect(
      (await send(ROUTES[0]!.path, ROUTES[0]!.body, { key: newSigningSecret(), from: "203.0.113.41" })).statusCode,
    ).toBe(401);
  });

  it("never counts a signed request, even one of the wrong form", async () => {
    const from = "203.0.113.50";
    const answers = new Set<number>();
    for (let n = 0; n < PLATFORM_REFUSALS_PER_MINUTE + 5; n++)
      answers.add(
        (await send("/prod-api/provisioning/callback", { serviceId: 1, status: "maybe" }, { from })).statusCode,
      );
    expect([...answers]).toEqual([400]);
  });
});

// Two server processes on one PostgreSQL database: the refusals of one address are counted together.
describe.skipIf(!process.env.TEST_DATABASE_URL)("refusals across processes, on PostgreSQL", () => {
  let otherDatabase: Database;
  let other: FastifyInstance;
  beforeAll(async () => {
    otherDatabase = await openDatabase({ databaseUrl: t.database.url! });
    other = await buildApp({ config: testConfig(), database: otherDatabase, tokenSecret: TEST_TOKEN_SECRET });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
  });

  it("counts one address's refusals on every process together", async () => {
    const from = "203.0.113.60";
    const [route] = ROUTES;
    const answers: number[] = [];
    for (let n = 0; n <= PLATFORM_REFUSALS_PER_MINUTE; n++) {
      const app = n % 2 ? other : t.app;
      answers.push((await send(route!.path, route!.body, { key: newSigningSecret(), from, app })).statusCode);
    }
    expect(answers.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await send(route!.path, route!.body, { from, app: other })).statusCode).toBe(route!.signed);
  });
});
