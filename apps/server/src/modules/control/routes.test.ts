import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
});
afterAll(() => t.close());

const overview = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/prod-api/control/overview", headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe("GET /prod-api/control/overview", () => {
  it("shows a customer their own sign-ins and sessions, and nothing of the platform", async () => {
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/admin/login",
      payload: { username: "nina", password: "nope" },
    });
    await signIn(t.app, "nina", "nina-pass-12");
    const auth = await signIn(t.app, "nina", "nina-pass-12");
    const data = await overview(auth);
    expect(data.activeSessions).toBe(2);
    expect(data.logins30d).toEqual({ succeeded: 2, failed: 1 });
    expect(data.recentLogins).toHaveLength(3);
    expect(data.recentLogins[0].success).toBe(true);
    expect(data.lastLogin.ip).toBe("127.0.0.1");
    expect(data.platform).toBeUndefined();
  });

  it("adds the platform's figures for an administrator", async () => {
    const data = await overview(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD));
    expect(data.platform).toEqual({ operators: 1, customers: 1, sites: 2, onlineSessions: 3 });
  });

  it("needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/prod-api/control/overview" })).statusCode).toBe(401);
  });
});
