import { randomUUID, X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizCertificate,
  sysMail,
  sysSite,
  sysSiteDomain,
  sysUser,
  sysWebhook,
  sysWebhookMessage,
} from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { OutboundClient } from "../../outbound/outbound-client.ts";
import { RecordLookup } from "../../outbound/record-lookup.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { AcmeTestCa, openssl, pebbleMissing } from "../../testing/acme-test-ca.ts";
import { MovableClock } from "../../testing/movable-clock.ts";
import { openTestApp, TEST_TOKEN_SECRET, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { AcmeAccounts } from "./acme-accounts.ts";
import type { AcmeDeps } from "./acme-orders.ts";
import { certificateDaily } from "./certificate-daily.ts";
import { CertificateEvents } from "./certificate-events.ts";

// The server's clock: real time (Pebble dates its certificates by its own), moved ahead for renewal.
const clock = new MovableClock();
const now = clock.now;

const ca = new AcmeTestCa();
let t: TestApp;
let base: string;
let headers: Record<string, string>;
const files = mkdtempSync(join(tmpdir(), "rampart-acme-test-"));

describe.skipIf(pebbleMissing)("free certificates through ACME (Pebble)", () => {
  beforeAll(async () => {
    // The CA fetches HTTP-01 files from this port: the server's own (it answers for waiting orders).
    // Held until the server listens on it (other test files run beside this one).
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    await ca.start(port);
    t = await openTestApp({
      now,
      outboundAllowPrivate: true,
      dnsServers: [ca.dnsServer],
      acme: { directoryUrl: ca.directoryUrl, caFile: ca.caFile, http01Port: port },
    });
    await new Promise((resolve) => holder.close(resolve));
    await t.app.listen({ port, host: "127.0.0.1" });
    base = `http://127.0.0.1:${port}`;
    await createUser(t.database.db, { userName: "linh", password: "Linh-pass-2027x" });
    await t.database.db.update(sysUser).set({ email: "linh@example.vn" }).where(eq(sysUser.userName, "linh"));
    headers = await signIn(t.app, "linh", "Linh-pass-2027x");
    // The provider's platform hears of certificates to deploy them.
    await t.database.db.insert(sysWebhook).values({
      url: "https://platform.example/rampart",
      events: ["certificate.issued", "certificate.renewed"],
      secret: "sealed",
      enabled: true,
      createdBy: "admin",
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    ca.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const api = async (method: "GET" | "POST", url: string, payload?: object) =>
    (
      await t.app.inject({
        method,
        url: `/prod-api/control/certificates${url}`,
        headers,
        ...(payload ? { payload } : {}),
      })
    ).json();
  const stateOf = async (certificateId: number) =>
    (await t.database.db.select().from(bizCertificate).where(eq(bizCertificate.certificateId, certificateId)))[0]!;

  /** The chain served verifies up to the CA's root, link by link, and covers the names. */
  async function assertChainToRoot(fullchain: string, names: string[]) {
    const blocks = fullchain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const chain = [...blocks.map((pem) => new X509Certificate(pem)), new X509Certificate(await ca.root())];
    for (let i = 0; i + 1 < chain.length; i++) {
      expect(chain[i]!.checkIssued(chain[i + 1]!)).toBe(true);
      expect(chain[i]!.verify(chain[i + 1]!.publicKey)).toBe(true);
    }
    for (const name of names) expect(chain[0]!.subjectAltName).toContain(`DNS:${name}`);
  }

  it("issues a wildcard certificate by DNS-01: shows the records, asks nothing of the CA until they are there", async () => {
    const requested = await api("POST", "/acme", { names: ["Shop.Example", "*.shop.example"], validation: "dns-01" });
    expect(requested.code, JSON.stringify(requested)).toBe(200);
    const certificate = requested.data;
    expect(certificate).toMatchObject({
      state: "pending",
      names: ["shop.example", "*.shop.example"],
      validation: "dns-01",
    });
    expect(certificate.challenges).toHaveLength(2);
    for (const challenge of certificate.challenges) {
      expect(challenge).toMatchObject({
        type: "dns-01",
        recordName: "_acme-challenge.shop.example",
        status: "pending",
      });
      expect(challenge.recordValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }

    // Nothing in DNS yet: a clear answer, and the CA is not asked (the order stays as it was).
    const early = await api("POST", `/${certificate.certificateId}/check`);
    expect(early.msg).toContain("nothing was sent to the certificate authority");
    expect(early.data.ready).toBe(false);
    expect(early.data.checks.every((c: { ok: boolean; found: string[] }) => !c.ok && c.found.length === 0)).toBe(true);
    expect((await stateOf(certificate.certificateId)).state).toBe("pending");

    for (const challenge of certificate.challenges) await ca.addTxt(challenge.recordName, challenge.recordValue);
    const checked = await api("POST", `/${certificate.certificateId}/check`);
    expect(checked.data.ready, JSON.stringify(checked)).toBe(true);
    await expect.poll(async () => (await stateOf(certificate.certificateId)).state, { timeout: 30_000 }).toBe("issued");

    const row = await stateOf(certificate.certificateId);
    expect(row.privateKeySealed).not.toContain("PRIVATE KEY");
    const fullchain = (
      await t.app.inject({
        url: `/prod-api/control/certificates/${certificate.certificateId}/pem?part=fullchain`,
        headers,
      })
    ).body;
    await assertChainToRoot(fullchain, ["shop.example", "*.shop.example"]);

    // The key downloads as PKCS#8 and matches; a PFX opens with its password only.
    const key = (
      await t.app.inject({ url: `/prod-api/control/certificates/${certificate.certificateId}/pem?part=key`, headers })
    ).body;
    writeFileSync(join(files, "key.pem"), key);
    writeFileSync(join(files, "cert.pem"), fullchain);
    expect(openssl(["pkey", "-in", join(files, "key.pem"), "-pubout"])).toBe(
      openssl(["x509", "-in", join(files, "cert.pem"), "-noout", "-pubkey"]),
    );
    const pfx = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/certificates/${certificate.certificateId}/pfx`,
      headers,
      payload: { password: "pfx-password-1" },
    });
    expect(pfx.headers["content-type"]).toBe("application/x-pkcs12");
    writeFileSync(join(files, "cert.pfx"), pfx.rawPayload);
    expect(openssl(["pkcs12", "-in", join(files, "cert.pfx"), "-passin", "pass:pfx-password-1", "-nokeys"])).toContain(
      "subject=",
    );
    expect(() => openssl(["pkcs12", "-in", join(files, "cert.pfx"), "-passin", "pass:wrong", "-nokeys"])).toThrow();

    // The platform is told, to deploy it; the customer is mailed.
    const [event] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.eventType, "certificate.issued"));
    expect(JSON.stringify(event!.payload)).toContain(row.fingerprint!);
    expect(JSON.stringify(event!.payload)).not.toContain("PRIVATE KEY");
    const mails = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "certificate_issued"));
    expect(mails.map((m) => m.recipient)).toEqual(["linh@example.vn"]);
  }, 60_000);

  it("issues by HTTP-01 for a name live on her package, answering the CA itself, and renews by the daily job", async () => {
    // Her CDN package, www.shop.example on it, its CNAME pointed at the platform and verified.
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const bought = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers,
      payload: {
        product: "cdn",
        configuration: "edition=mainland&domains=2",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    const orderNo = bought.json().data.orderNo;
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: admin,
      payload: {},
    });
    const domain = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/services/${orderNo}/domains`,
      headers,
      payload: { name: "www.shop.example" },
    });
    await ca.setCname("www.shop.example", domain.json().data.cnameTarget);
    const verified = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/services/${orderNo}/domains/${domain.json().data.domainId}/verify`,
      headers,
    });
    expect(verified.json().code, verified.body).toBe(200);

    const requested = await api("POST", "/acme", { names: ["www.shop.example"], validation: "http-01" });
    const certificate = requested.data;
    expect(certificate.challenges[0].fileUrl).toMatch(
      /^http:\/\/www\.shop\.example:\d+\/\.well-known\/acme-challenge\//,
    );
    // Rampart answers the file only when asked for by that name (and the name is live on her package).
    const path = `/.well-known/acme-challenge/${certificate.challenges[0].fileUrl.split("/").pop()}`;
    expect((await fetch(`${base}${path}`)).status).toBe(404);
    const served = await t.app.inject({ url: path, headers: { host: "www.shop.example" } });
    expect(served.body).toBe(certificate.challenges[0].fileContent);
    // Another name that reaches Rampart but is on nobody's package gets no answer: its owner serves the file.
    const stray = await api("POST", "/acme", { names: ["blog.shop.example"], validation: "http-01" });
    const strayPath = `/.well-known/acme-challenge/${stray.data.challenges[0].fileUrl.split("/").pop()}`;
    expect((await t.app.inject({ url: strayPath, headers: { host: "blog.shop.example" } })).statusCode).toBe(404);
    expect((await api("POST", `/${stray.data.certificateId}/check`)).data.ready).toBe(false);
    const checked = await api("POST", `/${certificate.certificateId}/check`);
    expect(checked.data.ready, JSON.stringify(checked)).toBe(true);
    await expect
      .poll(async () => (await stateOf(certificate.certificateId)).state, { timeout: 30_000 })
      .not.toBe("validating");
    expect((await stateOf(certificate.certificateId)).lastError).toBeNull();
    const issued = await stateOf(certificate.certificateId);
    expect(issued.lastError).toBeNull();

    // 29 days before it ends, the daily job renews it, with nothing for the customer to do.
    clock.moveTo(new Date(issued.notAfter!.getTime() - 29 * 86_400_000));
    const runner = new JobRunner(t.database, t.app.log);
    const seal = new SecretSeal(sealingKey(TEST_TOKEN_SECRET, "certificate-key"));
    const mail = new MailOutbox(
      { db: t.database.db, jobs: runner, log: t.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    await runner.start();
    const outbound = new OutboundClient({ allowPrivate: true, dnsServers: [ca.dnsServer] });
    const deps: AcmeDeps = {
      db: t.database.db,
      accounts: new AcmeAccounts(
        { db: t.database.db, seal, now },
        { directoryUrl: ca.directoryUrl, caFile: ca.caFile, http01Port: Number(new URL(base).port) },
      ),
      records: new RecordLookup([ca.dnsServer]),
      outbound,
      jobs: runner,
      seal,
      mail,
      events: new CertificateEvents({ db: t.database.db, seal, mail, now }),
      now,
      log: t.app.log,
    };
    const done = await certificateDaily(deps);
    // Both certificates are that close to their end: both renew.
    expect(done.renewals).toBe(2);
    const [renewal] = await t.database.db
      .select()
      .from(bizCertificate)
      .where(eq(bizCertificate.renews, certificate.certificateId));
    await expect.poll(async () => (await stateOf(renewal!.certificateId)).state, { timeout: 30_000 }).toBe("issued");
    expect((await stateOf(certificate.certificateId)).autoRenew).toBe(false);
    expect((await stateOf(renewal!.certificateId)).fingerprint).not.toBe(issued.fingerprint);
    // The DNS-01 one needs new TXT values: it waits for them, and the customer is mailed them.
    const [dnsRenewal] = await t.database.db
      .select()
      .from(bizCertificate)
      .where(eq(bizCertificate.validation, "dns-01"))
      .orderBy(bizCertificate.certificateId)
      .offset(1);
    expect(dnsRenewal!.state).toBe("pending");
    const [action] = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "certificate_renewal_action"));
    // Pebble reuses a valid authorisation half the time: the mail asks only for what is still open.
    const open = dnsRenewal!.challenges.filter((challenge) => challenge.status !== "valid");
    expect(open.length).toBeGreaterThan(0);
    for (const challenge of dnsRenewal!.challenges) {
      if (challenge.status === "valid") expect(action!.text).not.toContain(challenge.keyAuthorization);
      else expect(action!.text).toContain(challenge.keyAuthorization);
    }
    // A second run opens no second renewal of either: the old HTTP-01 one is replaced, the DNS-01
    // one's renewal is still waiting for its records.
    await certificateDaily(deps);
    for (const renewed of [certificate.certificateId, dnsRenewal!.renews!]) {
      const renewals = await t.database.db.select().from(bizCertificate).where(eq(bizCertificate.renews, renewed));
      expect(renewals).toHaveLength(1);
    }
    await runner.stop();
    outbound.close();
  }, 90_000);

  it("refuses names it cannot hold, and wildcards without DNS", async () => {
    clock.reset();
    headers = await signIn(t.app, "linh", "Linh-pass-2027x");
    expect((await api("POST", "/acme", { names: ["*.shop.example"], validation: "http-01" })).msg).toBe(
      "*.shop.example is a wildcard: wildcards can only be validated by a DNS record",
    );
    expect((await api("POST", "/acme", { names: ["localhost"], validation: "http-01" })).msg).toBe(
      "localhost is not a domain name a certificate can hold",
    );
    expect((await api("POST", "/acme", { names: ["10.0.0.1"], validation: "http-01" })).code).toBe(400);
    // The platform's own names are not for customers.
    const [site] = await t.database.db.select().from(sysSite).limit(1);
    await t.database.db.insert(sysSiteDomain).values({ siteId: site!.siteId, domainName: "console.provider.example" });
    expect((await api("POST", "/acme", { names: ["console.provider.example"], validation: "dns-01" })).msg).toBe(
      "console.provider.example is one of this platform's own names: no customer certificate can hold it",
    );
  });
});
