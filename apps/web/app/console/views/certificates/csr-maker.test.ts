// @vitest-environment node
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeCsr } from "./csr-maker";

const dir = mkdtempSync(join(tmpdir(), "rampart-csr-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const openssl = (args: string[]) =>
  execFileSync("openssl", args, { encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });

describe("a CSR made in the browser", () => {
  it.each([
    "ec-p256",
    "ec-p384",
    "rsa-2048",
  ] as const)("%s: openssl reads the CSR, and the key with its password only", async (keyType) => {
    const { csrPem, encryptedKeyPem } = await makeCsr({
      keyType,
      commonName: "shop.example.com",
      names: ["shop.example.com", "www.shop.example.com"],
      organization: "Kedai Kopi, PT",
      country: "id",
      email: "it@shop.example.com",
      password: "kata sandi panjang",
    });
    writeFileSync(join(dir, `${keyType}.csr`), csrPem);
    writeFileSync(join(dir, `${keyType}.key`), encryptedKeyPem);
    const request = openssl(["req", "-in", join(dir, `${keyType}.csr`), "-noout", "-verify", "-text"]);
    // One attribute per RDN, the comma in the organisation kept inside it.
    expect(request).toContain(
      'Subject: C = ID, O = "Kedai Kopi, PT", CN = shop.example.com, emailAddress = it@shop.example.com',
    );
    expect(request).toContain("DNS:shop.example.com, DNS:www.shop.example.com");
    expect(encryptedKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    const key = join(dir, `${keyType}.key`);
    // The key opens with the password, and is the CSR's.
    const publicOfKey = openssl(["pkey", "-in", key, "-passin", "pass:kata sandi panjang", "-pubout"]);
    expect(publicOfKey).toBe(openssl(["req", "-in", join(dir, `${keyType}.csr`), "-noout", "-pubkey"]));
    expect(openssl(["asn1parse", "-in", key])).toMatch(/PBES2[\s\S]*PBKDF2[\s\S]*aes-256-cbc/i);
    expect(() => openssl(["pkey", "-in", key, "-passin", "pass:wrong password"])).toThrow();
  }, 30_000);
});
