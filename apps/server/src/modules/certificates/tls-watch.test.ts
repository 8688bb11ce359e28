import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { OutboundClient } from "../../outbound/outbound-client.ts";
import { RecordLookup } from "../../outbound/record-lookup.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MovableClock } from "../../testing/movable-clock.ts";
import { openTestApp, TEST_TOKEN_SECRET, type TestApp } from "../../testing/test-app.ts";
import { type IssuedPair, testCa } from "../../testing/test-certificates.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { AcmeAccounts } from "./acme-accounts.ts";
import type { AcmeDeps } from "./acme-orders.ts";
import { certificateDaily } from "./certificate-daily.ts";
import { CertificateEvents } from "./certificate-events.ts";
import { checkWatch } from "./tls-watches.ts";

const DAY = 86_400_000;
// Real time (the local TLS server's certificates are valid from now), moved ahead by the test.
const clock = new MovableClock();
const now = clock.now;
let t: TestApp;
let headers: Record<string, string>;
let served: IssuedPair;
let endpoint: tls.Server;
let port = 0;
let chainPem = "";

beforeAll(async () => {
  const ca = await testCa();
  const first = await ca.leaf(["shop.example.vn"], 20);
  served = first;
  // The customer's TLS endpoint: it serves whatever `served` is at the handshake.
  endpoint = tls.createServer({ cert: `${first.pem}\n${ca.chainPem}`, key: first.keyPem });
  chainPem = ca.chainPem;
  endpoint.on("secureConnection", (socket) => socket.end());
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  port = (endpoint.address() as AddressInfo).port;
  t = await openTestApp({ now, outboundAllowPrivate: true });
  await createUser(t.database.db, { userName: "mai", password: "Mai-pass-2027xx" });
  await t.database.db
    .update(sysUser)
    .set({ email: "mai@example.vn", language: "vi" })
    .where(eq(sysUser.userName, "mai"));
  headers = await signIn(t.app, "mai", "Mai-pass-2027xx");
  // Her uploaded certificate is the one the endpoint serves.
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/prod-api/control/certificates/upload",
    headers,
    payload: { certificate: first.pem, chain: ca.chainPem, privateKey: first.keyPem },
  });
  expect(uploaded.json().code).toBe(200);
  (globalThis as { nextLeaf?: IssuedPair }).nextLeaf = await ca.leaf(["shop.example.vn"], 300);
});
afterAll(async () => {
  await t.close();
  endpoint.close();
});

const watches = async () => (await t.app.inject({ url: "/prod-api/control/tls-watches", headers })).json().data;

describe("watching what a TLS endpoint serves", () => {
  it("reads the served certificate, knows it for the stored one, and shows when another is served", async () => {
    const added = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/tls-watches",
      headers,
      payload: { host: "127.0.0.1", port },
    });
    expect(added.json().code, added.body).toBe(200);
    // Read at once (a job).
    await expect.poll(async () => (await watches())[0].checkedAt, { timeout: 10_000 }).not.toBeNull();
    const [watch] = await watches();
    expect(watch).toMatchObject({ host: "127.0.0.1", port, names: ["shop.example.vn"], trusted: false });
    expect(watch.notAfter).toBe(served.certificate.notAfter.toISOString());
    expect(watch.certificateId).not.toBeNull();

    // The endpoint now serves another certificate: it is no longer the stored one.
    served = (globalThis as { nextLeaf?: IssuedPair }).nextLeaf!;
    endpoint.setSecureContext({ cert: `${served.pem}\n${chainPem}`, key: served.keyPem });
    const outbound = new OutboundClient({ allowPrivate: true, dnsServers: [] });
    await checkWatch({ db: t.database.db, outbound, now }, watch.watchId);
    outbound.close();
    const [after] = await watches();
    expect(after.certificateId).toBeNull();
    expect(after.notAfter).toBe(served.certificate.notAfter.toISOString());

    const twice = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/tls-watches",
      headers,
      payload: { host: "127.0.0.1", port },
    });
    expect(twice.json().code).toBe(409);
  });

  it("refuses private addresses where they are not allowed", async () => {
    const strict = await openTestApp();
    await createUser(strict.database.db, { userName: "kim", password: "Kim-pass-2027xx" });
    const as = await signIn(strict.app, "kim", "Kim-pass-2027xx");
    for (const host of ["127.0.0.1", "169.254.169.254", "10.1.2.3", "localhost"]) {
      const answer = await strict.app.inject({
        method: "POST",
        url: "/prod-api/control/tls-watches",
        headers: as,
        payload: { host, port: 443 },
      });
      expect(answer.statusCode, host).toBe(400);
    }
    await strict.close();
  });

  it("reminds once at each of 30, 7 and 1 days before a certificate ends", async () => {
    // She reads her mail in Vietnamese.
    await t.database.db.update(sysUser).set({ language: "vi" }).where(eq(sysUser.userName, "mai"));
    const runner = new JobRunner(t.database, t.app.log);
    const seal = new SecretSeal(sealingKey(TEST_TOKEN_SECRET, "certificate-key"));
    const mail = new MailOutbox(
      { db: t.database.db, jobs: runner, log: t.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    await runner.start();
    const outbound = new OutboundClient({ allowPrivate: true, dnsServers: [] });
    const deps: AcmeDeps = {
      db: t.database.db,
      accounts: new AcmeAccounts(
        { db: t.database.db, seal, now },
        { directoryUrl: "https://acme.invalid/dir", caFile: undefined, http01Port: 80 },
      ),
      records: new RecordLookup([]),
      outbound,
      jobs: runner,
      seal,
      mail,
      events: new CertificateEvents({ db: t.database.db, seal, mail, now }),
      now,
      log: t.app.log,
    };
    const reminders = async () =>
      // In the order written: an update (the mail being sent) moves a row, and SELECT has no order of its own.
      (
        await t.database.db
          .select()
          .from(sysMail)
          .where(eq(sysMail.event, "certificate_expiring"))
          .orderBy(asc(sysMail.mailId))
      ).map((m) => m.subject);
    // The stored certificate ends in 20 days: one reminder (the 30-day one), not three.
    await certificateDaily(deps);
    expect(await reminders()).toEqual(["Chứng chỉ cho shop.example.vn hết hạn sau 20 ngày — Rampart Cloud"]);
    await certificateDaily(deps);
    expect(await reminders()).toHaveLength(1);
    clock.moveBy(14 * DAY);
    await certificateDaily(deps);
    expect(await reminders()).toHaveLength(2);
    expect((await reminders())[1]).toContain("sau 6 ngày");
    clock.reset();
    await runner.stop();
    outbound.close();
  });
});
