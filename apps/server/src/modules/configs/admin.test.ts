import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const settingValue = async (key: string) =>
  (await call("GET", `/prod-api/system/config/configKey/${key}`, as.admin!)).json().data;

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe("settings in the console", () => {
  it("lists, adds, changes and deletes settings; the product's own are changed but never deleted", async () => {
    const all = (await call("GET", "/prod-api/system/config/list", as.admin!)).json().data as {
      configKey: string;
      builtIn: boolean;
    }[];
    expect(all.find((c) => c.configKey === "sys.account.registerUser")?.builtIn).toBe(true);
    const contact = (await call("GET", "/prod-api/system/config/list?keyPrefix=contact.", as.admin!)).json().data;
    expect(contact.every((c: { configKey: string }) => c.configKey.startsWith("contact."))).toBe(true);

    const body = { configKey: "support.hours", configName: { en: "Support hours" }, configValue: "24/7" };
    expect((await call("POST", "/prod-api/system/config", as.admin!, body)).statusCode).toBe(200);
    expect(await settingValue("support.hours")).toBe("24/7");
    expect((await call("POST", "/prod-api/system/config", as.admin!, body)).statusCode).toBe(409);
    expect(
      (await call("POST", "/prod-api/system/config", as.admin!, { ...body, configKey: "bad key" })).statusCode,
    ).toBe(400);

    await call("PUT", "/prod-api/system/config/support.hours", as.admin!, {
      configName: { en: "Support hours" },
      configValue: "8:00-22:00",
    });
    expect(await settingValue("support.hours")).toBe("8:00-22:00");
    expect((await call("DELETE", "/prod-api/system/config/support.hours", as.admin!)).statusCode).toBe(200);
    const kept = await call("DELETE", "/prod-api/system/config/sys.account.registerUser", as.admin!);
    expect(kept.statusCode).toBe(409);
    expect((await call("GET", "/prod-api/system/config/list", as.lotus!)).statusCode).toBe(403);
  });
});
