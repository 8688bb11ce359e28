import { createPrivateKey, generateKeyPairSync, webcrypto } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as x509 from "@peculiar/x509";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizCertificate, sysWebhook, sysWebhookMessage } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openssl } from "../../testing/acme-test-ca.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { testCa } from "../../testing/test-certificates.ts";

let t: TestApp;
let headers: Record<string, string>;
let other: Record<string, string>;
let ca: Awaited<ReturnType<typeof testCa>>;
const files = mkdtempSync(join(tmpdir(), "rampart-upload-test-"));

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "budi", password: "Budi-pass-2027x" });
  await createUser(t.database.db, { userName: "eve", password: "Eve-pass-2027xx" });
  headers = await signIn(t.app, "budi", "Budi-pass-2027x");
  other = await signIn(t.app, "eve", "Eve-pass-2027xx");
  ca = await testCa();
  await t.database.db.insert(sysWebhook).values({
    url: "https://platform.example/rampart",
    events: ["certificate.issued"],
    secret: "sealed",
    enabled: true,
    createdBy: "admin",
  });
});
afterAll(async () => {
  await t.close();
  rmSync(files, { recursive: true, force: true });
});

const upload = async (payload: object, as = headers) =>
  (await t.app.inject({ method: "POST", url: "/prod-api/control/certificates/upload", headers: as, payload })).json();
const count = async () => (await t.database.db.select().from(bizCertificate)).length;

describe("uploading a certificate from another CA", () => {
  it("keeps a sound certificate with its chain and key, lists its names, issuer and end, and tells the platform", async () => {
    const leaf = await ca.leaf(["shop.example.id", "www.shop.example.id"]);
    const answer = await upload({ certificate: leaf.pem, chain: ca.chainPem, privateKey: leaf.keyPem });
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(answer.data).toMatchObject({
      source: "upload",
      state: "issued",
      names: ["shop.example.id", "www.shop.example.id"],
      issuer: "Rampart Test Intermediate",
      hasKey: true,
      keyType: "ec-p256",
    });
    expect(answer.data.notAfter).toBe(leaf.certificate.notAfter.toISOString());
    const [event] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.eventType, "certificate.issued"));
    expect(event).toBeDefined();
    // A bundle pasted as one (certificate then chain) is read the same way; another customer does not see it.
    const bundle = await upload({ certificate: `${leaf.pem}\n${ca.chainPem}` });
    expect(bundle.data).toMatchObject({ state: "issued", hasKey: false });
    const list = await t.app.inject({ url: "/prod-api/control/certificates", headers: other });
    expect(list.json().data).toEqual([]);
    const theirs = await t.app.inject({
      url: `/prod-api/control/certificates/${answer.data.certificateId}/pem?part=key`,
      headers: other,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("takes an encrypted key with its password, and refuses a wrong one", async () => {
    const leaf = await ca.leaf(["api.example.id"]);
    const encrypted = createPrivateKey(leaf.keyPem).export({
      type: "pkcs8",
      format: "pem",
      cipher: "aes-256-cbc",
      passphrase: "kunci-rahasia",
    });
    const before = await count();
    const wrong = await upload({
      certificate: leaf.pem,
      chain: ca.chainPem,
      privateKey: encrypted,
      passphrase: "salah",
    });
    expect(wrong).toMatchObject({ code: 400, msg: "The private key is encrypted: its password is missing or wrong" });
    const none = await upload({ certificate: leaf.pem, chain: ca.chainPem, privateKey: encrypted });
    expect(none.code).toBe(400);
    expect(await count()).toBe(before);
    const right = await upload({
      certificate: leaf.pem,
      chain: ca.chainPem,
      privateKey: encrypted,
      passphrase: "kunci-rahasia",
    });
    expect(right.data.hasKey).toBe(true);
  });

  it("refuses a key that is not the certificate's, a chain that does not build, an expired certificate, each with the reason and changing nothing", async () => {
    const leaf = await ca.leaf(["pay.example.id"]);
    const stranger = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const before = await count();

    const mismatch = await upload({ certificate: leaf.pem, chain: ca.chainPem, privateKey: stranger });
    expect(mismatch).toMatchObject({ code: 400, msg: "The private key does not belong to this certificate" });

    const otherCa = await testCa();
    const broken = await upload({ certificate: leaf.pem, chain: otherCa.chainPem });
    expect(broken.code).toBe(400);
    expect(broken.msg).toContain("The chain does not build");
    const missing = await upload({ certificate: leaf.pem });
    expect(missing.msg).toContain("nothing in it signs CN=Rampart Test Intermediate");

    const expired = await ca.expiredLeaf(["old.example.id"]);
    const late = await upload({ certificate: expired.pem, chain: ca.chainPem, privateKey: expired.keyPem });
    expect(late.code).toBe(400);
    expect(late.msg).toMatch(/^This certificate expired on \d{4}-\d{2}-\d{2}$/);

    const garbage = await upload({ certificate: "hello" });
    expect(garbage.msg).toBe("No certificate could be read: paste it in PEM form (-----BEGIN CERTIFICATE-----)");
    expect(await count()).toBe(before);
  });
});

describe("a CSR made in the browser", () => {
  it("is kept with its names until the CA's certificate for its key comes back; another key's certificate is refused", async () => {
    // As the browser does it (WebCrypto and @peculiar/x509): the key never reaches the server.
    const keys = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as webcrypto.CryptoKeyPair;
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({
      name: "CN=portal.example.id, O=Toko Budi",
      keys,
      signingAlgorithm: { name: "ECDSA", hash: "SHA-256" },
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: "dns", value: "portal.example.id" }])],
    });
    const kept = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/certificates/csr",
      headers,
      payload: { csr: csr.toString("pem") },
    });
    expect(kept.json().data).toMatchObject({
      source: "csr",
      state: "awaiting",
      names: ["portal.example.id"],
      hasKey: false,
    });
    const id = kept.json().data.certificateId;
    const csrFile = await t.app.inject({ url: `/prod-api/control/certificates/${id}/csr`, headers });
    writeFileSync(join(files, "request.csr"), csrFile.body);
    expect(openssl(["req", "-in", join(files, "request.csr"), "-noout", "-verify", "-subject"])).toContain(
      "portal.example.id",
    );

    const wrong = await ca.leaf(["portal.example.id"]);
    const refused = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/certificates/${id}/certificate`,
      headers,
      payload: { certificate: wrong.pem, chain: ca.chainPem },
    });
    expect(refused.json()).toMatchObject({ code: 400, msg: "This certificate was not issued for this CSR's key" });

    // The CA signs the CSR's key: the certificate is kept, without a key (it stays in the browser).
    const signed = await ca.signKey(keys.publicKey, ["portal.example.id"]);
    const attached = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/certificates/${id}/certificate`,
      headers,
      payload: { certificate: signed.toString("pem"), chain: ca.chainPem },
    });
    expect(attached.json().data).toMatchObject({ state: "issued", hasKey: false, issuer: "Rampart Test Intermediate" });
    const pfx = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/certificates/${id}/pfx`,
      headers,
      payload: { password: "long-enough-1" },
    });
    expect(pfx.json().msg).toContain("Rampart does not hold this certificate's private key");
  });

  it("refuses something that is not a CSR", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/prod-api/control/certificates/csr",
      headers,
      payload: { csr: "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----" },
    });
    expect(answer.json().code).toBe(400);
  });
});

describe("the platform fetching a key to deploy", () => {
  it("gets it with a signed request once, and nothing without a good signature or for another site", async () => {
    const { Webhook } = await import("standardwebhooks");
    const { SecretSeal, sealingKey } = await import("../../secrets/sealed-secret.ts");
    const { TEST_TOKEN_SECRET } = await import("../../testing/test-app.ts");
    const secret = `whsec_${Buffer.from("platform-secret-0123456789abcdef").toString("base64")}`;
    const [endpoint] = await t.database.db
      .insert(sysWebhook)
      .values({
        url: "https://platform.example/keys",
        events: ["certificate.issued"],
        secret: new SecretSeal(sealingKey(TEST_TOKEN_SECRET, "webhook-secret")).seal(secret),
        enabled: true,
        createdBy: "admin",
      })
      .returning();
    const leaf = await ca.leaf(["deploy.example.id"]);
    const stored = await upload({ certificate: leaf.pem, chain: ca.chainPem, privateKey: leaf.keyPem });
    const ask = (payload: string, id: string, signer = new Webhook(secret)) =>
      t.app.inject({
        method: "POST",
        url: "/prod-api/provisioning/certificate-key",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": signer.sign(id, new Date(), payload),
        },
        payload,
      });
    const payload = JSON.stringify({ webhookId: endpoint!.webhookId, certificateId: stored.data.certificateId });
    const answer = await ask(payload, "msg_key_1");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(createPrivateKey(answer.json().data.privateKeyPem).export({ type: "pkcs8", format: "pem" })).toBe(
      createPrivateKey(leaf.keyPem).export({ type: "pkcs8", format: "pem" }),
    );
    // The same signed request again is refused; so is one signed with another secret.
    expect((await ask(payload, "msg_key_1")).statusCode).toBe(409);
    const forger = new Webhook(`whsec_${Buffer.from("not-the-platform-secret-000000").toString("base64")}`);
    expect((await ask(payload, "msg_key_2", forger)).statusCode).toBe(401);
  });
});
