import type { AddressInfo } from "node:net";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bizAttackEvent, bizService, bizServiceDomain, bizUsage5m, bizUsageTop, sysWebhook } from "../db/schema.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { monthOf, monthUsage } from "../modules/usage/usage-month.ts";
import { signIn, userIdOf } from "../testing/accounts.ts";
import { addPlatformEndpoint } from "../testing/platform-endpoints.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";
import { simulatePlatform } from "./simulate-platform.ts";

// The stand-in platform against a listening server, through the real signed route.
let t: TestApp;
let baseUrl = "";
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestApp({ jobSchedules: false, webhookAllowLoopback: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const userId = await userIdOf(t.database.db, "admin");
  for (const [product, bandwidth] of [
    ["cdn", 100],
    ["ddos", 200],
    ["waf", 50],
  ] as const) {
    const [service] = await t.database.db
      .insert(bizService)
      .values({
        orderNo: `SIM-${product}`,
        userId,
        product,
        configuration: { product, edition: "standard", quantities: { bandwidth } } as never,
        expiresAt: new Date(Date.now() + 300 * 86_400_000),
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ serviceId: bizService.serviceId });
    ids[product] = service!.serviceId;
  }
  const domain = (serviceId: number, name: string) => ({
    serviceId,
    name,
    registrableDomain: name,
    cnameTarget: `${name}.cdn.example`,
    ownershipToken: "t",
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await t.database.db
    .insert(bizServiceDomain)
    .values([domain(ids.cdn!, "shop.example"), domain(ids.cdn!, "img.example"), domain(ids.waf!, "api.example")]);
});
afterAll(async () => {
  await t.close();
});

it("sends a day of every active service's figures, attacks and top lists, a package over its commitment", async () => {
  const endpoint = await addPlatformEndpoint(t.database.db);
  const lines: string[] = [];
  // With an endpoint's id and secret, no operator's session: the platform's own signed requests.
  const rows = await simulatePlatform({
    baseUrl,
    endpoint,
    endpointUrl: "",
    days: 1,
    log: (line) => lines.push(line),
  });
  // 288 buckets a day: the CDN's whole service and its two domains, the DDoS service, the WAF's and its domain.
  expect(rows).toBe(288 * (3 + 1 + 2));
  const [kept] = await t.database.db.select({ n: count() }).from(bizUsage5m);
  expect(kept!.n).toBe(rows);
  const perDomain = await sqlRows<{ domain: string; n: string }>(
    t.database.db,
    sql`select domain, count(*) as n from biz_usage_5m where service_id = ${ids.cdn} group by 1 order by 1`,
  );
  expect(perDomain.map((row) => row.domain)).toEqual(["", "img.example", "shop.example"]);
  const attacks = await t.database.db.select().from(bizAttackEvent);
  expect(new Set(attacks.map((a) => a.serviceId))).toEqual(new Set([ids.ddos, ids.waf]));
  const tops = await t.database.db.select({ n: count() }).from(bizUsageTop).where(eq(bizUsageTop.serviceId, ids.cdn!));
  expect(tops[0]!.n).toBeGreaterThan(0);
  // The first package runs over its 100 Mbps: this month's 95th percentile so far is above it.
  const month = await monthOf(t.database.db, new Date(), "UTC");
  const cdn = await monthUsage(t.database.db, ids.cdn!, month, "UTC");
  expect(cdn.p95Bps).toBeGreaterThan(100_000_000);
  const ddos = await monthUsage(t.database.db, ids.ddos!, month, "UTC");
  expect(ddos.p95Bps).toBeLessThan(200_000_000);
  expect(lines.at(-1)).toMatch(/^Sent 1,728 bucket rows for 3 services/);
});

it("makes an enabled endpoint when none is given, and sending the same day again keeps the same rows", async () => {
  const { authorization } = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const lines: string[] = [];
  const before = await t.database.db.select({ n: count() }).from(bizUsage5m);
  await simulatePlatform({
    baseUrl,
    token: authorization.replace(/^Bearer /, ""),
    endpointUrl: "http://127.0.0.1:9/platform",
    days: 1,
    log: (line) => lines.push(line),
  });
  expect(lines[0]).toMatch(
    /^Made endpoint \d+ \(hears service.throttle only\); to send again with it: --webhook-id \d+ --secret whsec_/,
  );
  const [made] = await t.database.db
    .select()
    .from(sysWebhook)
    .where(eq(sysWebhook.description, "Simulated platform (rampart simulate-platform)"));
  expect(made).toMatchObject({ enabled: true, events: ["service.throttle"] });
  // The day moved on by at most a bucket or two since the first run: almost all rows were replaced, not added.
  const after = await t.database.db.select({ n: count() }).from(bizUsage5m);
  expect(after[0]!.n - before[0]!.n).toBeLessThanOrEqual(2 * 6);
});

it("sends nothing with a disabled endpoint, and says what to check", async () => {
  const endpoint = await addPlatformEndpoint(t.database.db, { enabled: false });
  const simulated = simulatePlatform({
    baseUrl,
    endpoint,
    endpointUrl: "",
    days: 1,
    log: () => {},
  });
  await expect(simulated).rejects.toThrow(
    /^Rampart refused \/prod-api\/platform\/usage\/targets \(401\): .* \(is the endpoint enabled in System → Webhooks/,
  );
});
