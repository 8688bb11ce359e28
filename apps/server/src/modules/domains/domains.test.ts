import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysWebhook, sysWebhookMessage } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AcmeTestCa, freePort, pebbleMissing } from "../../testing/acme-test-ca.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { testCa } from "../../testing/test-certificates.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { covers } from "./go-live.ts";

// A DNS server whose records the test sets (Pebble's challenge test server).
const dns = new AcmeTestCa();
let t: TestApp;
let as: Record<string, string>;
let other: Record<string, string>;
let orderNo = "";
let origin: http.Server;
let originPort = 0;

const api = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object, headers = as) =>
  (
    await t.app.inject({
      method,
      url: `/prod-api/control/services/${orderNo}/domains${path}`,
      headers,
      ...(payload ? { payload } : {}),
    })
  ).json();

describe.skipIf(pebbleMissing)("domains on a package", () => {
  beforeAll(async () => {
    await dns.start(await freePort());
    origin = http.createServer((_request, response) => response.writeHead(200).end("origin"));
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    originPort = (origin.address() as AddressInfo).port;
    t = await openTestApp({ outboundAllowPrivate: true, dnsServers: [dns.dnsServer] });
    await createUser(t.database.db, { userName: "tien", password: "Tien-pass-2027x" });
    await createUser(t.database.db, { userName: "lan", password: "Lan-pass-2027xx" });
    as = await signIn(t.app, "tien", "Tien-pass-2027x");
    other = await signIn(t.app, "lan", "Lan-pass-2027xx");
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    await t.database.db.insert(sysWebhook).values({
      url: "https://platform.example/rampart",
      events: ["domain.added", "domain.verified", "domain.updated", "domain.removed"],
      secret: "sealed",
      enabled: true,
      createdBy: "admin",
    });
    // A CDN package for mainland China, 2 domains, paid offline.
    const bought = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: as,
      payload: {
        product: "cdn",
        configuration: "edition=mainland&domains=2",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    orderNo = bought.json().data.orderNo;
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: admin,
      payload: {},
    });
    expect(paid.json().code, paid.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    dns.stop();
    origin?.close();
  });

  it("adds domains within the plan, each with its CNAME target; refuses what the plan does not take", async () => {
    const first = await api("POST", "", { name: "WWW.Pho-Bo.example" });
    expect(first.code, JSON.stringify(first)).toBe(200);
    expect(first.data).toMatchObject({ name: "www.pho-bo.example", state: "pending" });
    expect(first.data.cnameTarget).toMatch(/^[0-9a-f]{16}\.cdn\.rampart-edge\.example$/);
    expect(first.data.ownershipRecord.name).toBe("_rampart-verify.www.pho-bo.example");
    expect((await api("POST", "", { name: "www.pho-bo.example" })).code).toBe(409);
    expect((await api("POST", "", { name: "not a domain" })).msg).toBe(
      "not a domain is not a domain name a package can take",
    );
    expect((await api("POST", "", { name: "static.pho-bo.example" })).code).toBe(200);
    const third = await api("POST", "", { name: "cdn.pho-bo.example" });
    expect(third).toMatchObject({ code: 409, msg: "This package takes 2 domains: upgrade it to add more" });
    const view = await api("GET", "");
    expect(view.data.quota.domains).toEqual({ used: 2, limit: 2 });
    expect(view.data.mainland).toBe(true);
    // Another customer sees nothing of it.
    expect((await api("GET", "", undefined, other)).code).toBe(404);
    expect((await api("POST", "", { name: "evil.example" }, other)).code).toBe(404);
  });

  it("verifies a domain by its CNAME, and tells the platform of each change", async () => {
    const { data } = await api("GET", "");
    const www = data.domains[0];
    const early = await api("POST", `/${www.domainId}/verify`);
    expect(early).toMatchObject({ code: 409 });
    expect(early.msg).toContain(www.cnameTarget);
    await dns.setCname(www.name, www.cnameTarget);
    const verified = await api("POST", `/${www.domainId}/verify`);
    expect(verified).toMatchObject({ code: 200, msg: "The CNAME points here: the domain is active" });
    expect((await api("GET", "")).data.domains[0].state).toBe("active");
    // As a set with its counts: a delivery attempt updates a message's row, which may move it.
    const events = (await t.database.db.select().from(sysWebhookMessage)).map((m) => m.eventType).sort();
    expect(events).toEqual(["domain.added", "domain.added", "domain.verified"]);
  });

  it("keeps origin settings, refusing private origins where they are not allowed and a bad ICP number", async () => {
    const { data } = await api("GET", "");
    const www = data.domains[0];
    const settings = {
      originAddresses: ["127.0.0.1"],
      originProtocol: "http",
      originPort,
      cacheRules: [{ path: "/static/", ttlSeconds: 86_400 }],
      wafMode: "block",
      icpNumber: "not-a-number",
    };
    expect((await api("PUT", `/${www.domainId}`, settings)).msg).toContain("is not an ICP filing number");
    const saved = await api("PUT", `/${www.domainId}`, { ...settings, icpNumber: "京ICP备12345678号-1" });
    expect(saved.data).toMatchObject({ originAddresses: ["127.0.0.1"], originPort, icpNumber: "京ICP备12345678号-1" });
    const [updated] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.eventType, "domain.updated"));
    expect(JSON.stringify(updated!.payload)).toContain("/static/");
  });

  it("says what stands between a domain and going live, item by item", async () => {
    const { data } = await api("GET", "");
    const [www, staticDomain] = data.domains;
    let check = await api("GET", `/${www.domainId}/go-live`);
    const item = (key: string) => check.data.items.find((i: { key: string }) => i.key === key);
    expect(item("ownership").ok).toBe(true);
    expect(item("cname").ok).toBe(true);
    expect(item("quota").ok).toBe(true);
    expect(item("origin")).toMatchObject({ ok: true, found: { status: 200 } });
    expect(item("certificate").ok).toBe(false);
    expect(item("icp").ok).toBe(true);
    expect(check.data.ready).toBe(false);

    // A wildcard certificate of hers covers it: ready.
    const ca = await testCa();
    const leaf = await ca.leaf(["pho-bo.example", "*.pho-bo.example"]);
    await t.app.inject({
      method: "POST",
      url: "/prod-api/control/certificates/upload",
      headers: as,
      payload: { certificate: leaf.pem, chain: ca.chainPem },
    });
    check = await api("GET", `/${www.domainId}/go-live`);
    expect(item("certificate").ok).toBe(true);
    expect(check.data.ready).toBe(true);

    // The other domain: nothing done yet.
    check = await api("GET", `/${staticDomain.domainId}/go-live`);
    expect(check.data.items.filter((i: { ok: boolean }) => !i.ok).map((i: { key: string }) => i.key)).toEqual([
      "ownership",
      "cname",
      "origin",
      "icp",
    ]);
    // Its ownership record proves it before the CNAME is switched.
    await dns.addTxt(staticDomain.ownershipRecord.name, staticDomain.ownershipRecord.value);
    check = await api("GET", `/${staticDomain.domainId}/go-live`);
    expect(item("ownership").ok).toBe(true);
  });

  it("removes a domain, telling the platform", async () => {
    const { data } = await api("GET", "");
    expect((await api("DELETE", `/${data.domains[1].domainId}`)).code).toBe(200);
    expect((await api("GET", "")).data.domains).toHaveLength(1);
    const [removed] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.eventType, "domain.removed"));
    expect(JSON.stringify(removed!.payload)).toContain(data.domains[1].name);
  });
});

describe("a certificate name covering a host", () => {
  it("matches exactly or one level under a wildcard", () => {
    expect(covers("shop.example", "shop.example")).toBe(true);
    expect(covers("*.shop.example", "www.shop.example")).toBe(true);
    expect(covers("*.shop.example", "shop.example")).toBe(false);
    expect(covers("*.shop.example", "a.b.shop.example")).toBe(false);
  });
});
