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
});
