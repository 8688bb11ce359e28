import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysLoginLog, sysUser } from "../../db/schema.ts";
import { DEMO_SITE } from "../../seed/seed.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, TEST_TOKEN_TTL_MS, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { REGISTRATION_SETTING } from "./service.ts";

let t: TestApp;
let clock = Date.parse("2026-11-21T10:00:00Z");
const advance = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  t = await openTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/admin/login", headers, payload: { username, password } });
const getInfo = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/prod-api/system/user/getInfo", headers });

describe("login", () => {
  it("signs the administrator in and answers who they are", async () => {
    const response = await login("  admin ", TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { access_token, expires_in } = response.json().data;
    expect(access_token.split(".")).toHaveLength(3);
    expect(expires_in).toBe(TEST_TOKEN_TTL_MS / 60_000);
    const info = await getInfo({ authorization: `Bearer ${access_token}` });
    expect(info.statusCode).toBe(200);
    const data = info.json().data;
    expect(data.user.userName).toBe("admin");
    expect(data.roles).toEqual(["admin"]);
    expect(data.permissions).toEqual(["*:*:*"]);
    expect(JSON.stringify(data)).not.toMatch(/password|argon2/i);
  });

  it("gives a customer without roles ROLE_DEFAULT", async () => {
    await createUser(t.database.db, { userName: "carol", password: "carol-pass-1" });
    const info = await getInfo(await signIn(t.app, "carol", "carol-pass-1"));
    expect(info.json().data.roles).toEqual(["ROLE_DEFAULT"]);
    expect(info.json().data.permissions).toEqual([]);
  });

  it("refuses a wrong password or an unknown user alike, in the caller's language, and logs both", async () => {
    const wrong = await login("admin", "not the password", { "accept-language": "zh-CN" });
    const unknown = await login("nobody", "whatever1", { "accept-language": "zh-CN" });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, msg: "用户名或密码错误", requestId: expect.any(String) });
    }
    const log = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.userName, "nobody"));
    expect(log).toMatchObject([{ success: false, message: "login_bad_credentials" }]);
  });

  it("does not trim the password", async () => {
    expect((await login("admin", ` ${TEST_ADMIN_PASSWORD}`)).statusCode).toBe(400);
  });

  it("refuses a disabled account", async () => {
    await createUser(t.database.db, { userName: "dora", password: "dora-pass-1", status: "1" });
    const response = await login("dora", "dora-pass-1");
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toMatch(/disabled/);
  });

  it("locks a user name for ten minutes after five wrong passwords, even for the right one", async () => {
    await createUser(t.database.db, { userName: "eve", password: "eve-pass-12" });
    for (let i = 0; i < 5; i++) expect((await login("eve", `wrong-${i}`)).statusCode).toBe(400);
    const locked = await login("eve", "eve-pass-12");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe("Too many failed logins for this account; try again in 10 min");
    // Another user is not affected.
    expect((await login("admin", TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    advance(9 * 60_000);
    expect((await login("eve", "eve-pass-12")).json().msg).toMatch(/in 1 min$/);
    advance(61_000);
    expect((await login("eve", "eve-pass-12")).statusCode).toBe(200);
  });

  it("counts the lock by account, whatever the spelling of its name", async () => {
    await createUser(t.database.db, { userName: "Lockf22b1d7e", password: "spelt-pass-12" });
    const spellings = ["LOCKF22B1D7E", "lockf22b1d7e", " Lockf22b1d7e "];
    for (let i = 0; i < 5; i++) expect((await login(spellings[i % 3]!, `wrong-${i}`)).statusCode).toBe(400);
    for (const spelling of spellings) expect((await login(spelling, "spelt-pass-12")).statusCode).toBe(429);
    advance(10 * 60_000 + 1000);
    expect((await login("LOCKF22B1D7E", "spelt-pass-12")).statusCode).toBe(200);
  });

  it("checks at most five passwords of a burst of parallel guesses, and refuses the right one after them", async () => {
    await createUser(t.database.db, { userName: "burst", password: "burst-pass-12" });
    const answers = await Promise.all(Array.from({ length: 29 }, (_, i) => login("burst", `wrong-${i}`)));
    const checked = answers.filter((a) => a.statusCode === 400).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    expect(checked).toBe(5);
    expect(refused).toBe(24);
    expect((await login("burst", "burst-pass-12")).statusCode).toBe(429);
    advance(10 * 60_000 + 1000);
  });

  it("signs a customer in only on the site they belong to", async () => {
    const site = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/common/getSysByDomain?domainName=demo.localhost",
    });
    const siteId = site.json().data.siteId as number;
    await createUser(t.database.db, { userName: "lan", password: "lan-pass-12", siteId });
    expect((await login("lan", "lan-pass-12", { host: "localhost" })).statusCode).toBe(400);
    expect((await login("lan", "lan-pass-12", { host: "demo.localhost" })).statusCode).toBe(200);
    const byAgentCode = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/admin/login",
      payload: { username: "lan", password: "lan-pass-12", agentCode: DEMO_SITE.agentCode },
    });
    expect(byAgentCode.statusCode).toBe(200);
  });

  it("rejects a malformed body with the field named", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/admin/login",
      payload: { username: "a" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("Password is required");
  });
});

describe("sessions", () => {
  it("refuses requests without a token (401) and with a forged or garbage token", async () => {
    expect((await getInfo({})).json()).toEqual({
      code: 401,
      msg: "Authentication failed, cannot access system resources",
      requestId: expect.any(String),
    });
    const garbage = await getInfo({ authorization: "Bearer not.a.token" });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().msg).toBe("Invalid session or session has expired, please log in again");
    // A token "signed" with alg none is refused (algorithm allowlist).
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const body = Buffer.from(JSON.stringify({ sub: "1", sid: "x", iss: "rampart", aud: "rampart-console" })).toString(
      "base64url",
    );
    expect((await getInfo({ authorization: `Bearer ${header}.${body}.` })).statusCode).toBe(401);
  });

  it("ends a session at logout, at once", async () => {
    const auth = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    expect((await getInfo(auth)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: "DELETE", url: "/prod-api/auth/logout", headers: auth });
    expect(logout.json()).toEqual({ code: 200, msg: "Logged out" });
    expect((await getInfo(auth)).statusCode).toBe(401);
    // Logging out again is harmless.
    expect((await t.app.inject({ method: "DELETE", url: "/prod-api/auth/logout", headers: auth })).statusCode).toBe(
      200,
    );
  });

  it("expires a session after its lifetime unless refreshed", async () => {
    const auth = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    advance(TEST_TOKEN_TTL_MS - 60_000);
    const refreshed = await t.app.inject({ method: "POST", url: "/prod-api/auth/refresh", headers: auth });
    expect(refreshed.json().data).toEqual({ expires_in: TEST_TOKEN_TTL_MS / 60_000 });
    advance(TEST_TOKEN_TTL_MS - 60_000);
    expect((await getInfo(auth)).statusCode).toBe(200); // still alive thanks to the refresh
    advance(2 * 60_000);
    expect((await getInfo(auth)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/prod-api/auth/refresh", headers: auth })).statusCode).toBe(401);
  });

  it("lets an operator force a user out, and shows who is online", async () => {
    const victim = await signIn(t.app, "carol", "carol-pass-1");
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const online = await t.app.inject({ method: "GET", url: "/prod-api/monitor/online/list", headers: admin });
    const sessions = online.json().data as { sessionId: string; userName: string }[];
    const carol = sessions.find((s) => s.userName === "carol")!;
    expect(carol).toBeDefined();
    const forced = await t.app.inject({
      method: "DELETE",
      url: `/prod-api/monitor/online/${carol.sessionId}`,
      headers: admin,
    });
    expect(forced.statusCode).toBe(200);
    expect((await getInfo(victim)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/prod-api/monitor/online/${carol.sessionId}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a customer the operator's pages (403)", async () => {
    const customer = await signIn(t.app, "carol", "carol-pass-1");
    const response = await t.app.inject({ method: "GET", url: "/prod-api/monitor/online/list", headers: customer });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 403,
      msg: "The current operation has no permission",
      requestId: expect.any(String),
    });
  });
});

describe("registration", () => {
  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/prod-api/auth/register", headers, payload });

  it("creates a customer of the site they registered on, who can then log in", async () => {
    const response = await register(
      { username: "minh.nguyen", password: "Saigon2026", email: "minh@example.vn" },
      { host: "demo.localhost", "accept-language": "vi" },
    );
    // No address to confirm (verification is off here): nothing to resend.
    expect(response.json()).toEqual({
      code: 200,
      msg: "Đăng ký thành công; bạn có thể đăng nhập ngay",
      data: { confirmTo: null, resendToken: null },
    });
    expect((await login("minh.nguyen", "Saigon2026", { host: "demo.localhost" })).statusCode).toBe(200);
    expect((await login("minh.nguyen", "Saigon2026", { host: "localhost" })).statusCode).toBe(400);
  });

  it("is refused while the registration setting is off", async () => {
    await t.database.db
      .update(sysConfig)
      .set({ configValue: "false" })
      .where(eq(sysConfig.configKey, REGISTRATION_SETTING));
    const response = await register({ username: "late.comer", password: "Latecomer1", email: "l@example.com" });
    expect(response.json()).toEqual({
      code: 403,
      msg: "Registration is not open on this site",
      requestId: expect.any(String),
    });
    await t.database.db
      .update(sysConfig)
      .set({ configValue: "true" })
      .where(eq(sysConfig.configKey, REGISTRATION_SETTING));
  });

  it.each([
    [{ username: "ab", password: "abcdefg1", email: "a@b.co" }, 400, /^User name is not valid$/],
    [{ username: "newuser1", password: "short1", email: "a@b.co" }, 400, /^Password must be at least 8 characters$/],
    [{ username: "newuser1", password: "onlyletters", email: "a@b.co" }, 400, /letters and digits/],
    [{ username: "newuser1", password: "newuser1xyz", email: "a@b.co" }, 400, /user name/],
    [{ username: "newuser1", password: "abcdefg12" }, 400, /e-mail address or a phone number/],
    [{ username: "newuser1", password: "abcdefg12", email: "not-an-email" }, 400, /^E-mail is not valid$/],
    [{ username: "ADMIN", password: "Danang2026x", email: "a@b.co" }, 409, /already taken/],
  ])("refuses %j", async (payload, status, message) => {
    const before = await t.database.db.select({ id: sysUser.userId }).from(sysUser);
    const response = await register(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().msg).toMatch(message);
    expect(await t.database.db.select({ id: sysUser.userId }).from(sysUser)).toHaveLength(before.length);
  });
});
