import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: "localhost", env: "production", databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("honours the documented variables", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/tmp/rampart-x",
      DATABASE_URL: "postgres://u@db:5432/rampart",
      ADMIN_PASSWORD: "correct horse",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/tmp/rampart-x",
      databaseUrl: "postgres://u@db:5432/rampart",
      adminPassword: "correct horse",
      adminTwoFactor: true,
      emailVerification: true,
      smtpUrl: undefined,
      mailFrom: "no-reply@rampart.localhost",
    });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["ADMIN_PASSWORD", "short"],
    ["LOG_LEVEL", "loud"],
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  describe("payment channels", () => {
    const pem = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    const antom = {
      ANTOM_CLIENT_ID: "SANDBOX_5Y0566SG25J004124",
      ANTOM_PRIVATE_KEY: pem.privateKey.replaceAll("\n", "\\n"),
      ANTOM_PUBLIC_KEY: pem.publicKey,
    };

    it("takes International Alipay (Antom) from its three variables, keys in one line or several", () => {
      expect(loadConfig({}).antom).toBeUndefined();
      expect(loadConfig(antom).antom).toMatchObject({
        clientId: "SANDBOX_5Y0566SG25J004124",
        privateKey: pem.privateKey,
        gateway: "https://open-sea-global.alipay.com",
        paymentMethodType: "ALIPAY_HK",
      });
    });

    it("stops on half an Antom configuration or a key that is not one, naming the variable", () => {
      expect(() => loadConfig({ ANTOM_CLIENT_ID: antom.ANTOM_CLIENT_ID })).toThrow(
        /ANTOM_PRIVATE_KEY, ANTOM_PUBLIC_KEY must be set/,
      );
      expect(() => loadConfig({ ...antom, ANTOM_PUBLIC_KEY: "x".repeat(120) })).toThrow(ConfigError);
      expect(() => loadConfig({ ...antom, ANTOM_PUBLIC_KEY: "x".repeat(120) })).toThrow(/ANTOM_PUBLIC_KEY/);
      expect(() => loadConfig({ ...antom, ANTOM_PRIVATE_KEY: pem.publicKey })).toThrow(/ANTOM_PRIVATE_KEY/);
      const ec = generateKeyPairSync("ec", {
        namedCurve: "P-256",
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      expect(() => loadConfig({ ...antom, ANTOM_PRIVATE_KEY: ec.privateKey })).toThrow(/not an RSA private key/);
      expect(() => loadConfig({ ...antom, ANTOM_GATEWAY: "http://open-sea-global.alipay.com" })).toThrow(
        /ANTOM_GATEWAY/,
      );
    });
  });
});
