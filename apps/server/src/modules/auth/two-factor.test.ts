import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  sysLoginLog,
  sysMail,
  sysOperLog,
  sysRole,
  sysUser,
  sysUserRecoveryCode,
  sysUserTwoFactor,
} from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
let clock = Date.parse("2026-11-25T10:00:00Z");
const advance = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  t = await openTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Headers,
  payload?: object,
  remoteAddress = "127.0.0.1",
) => t.app.inject({ method, url, headers, remoteAddress, ...(payload ? { payload } : {}) });
/** Each enrolment from an address of its own: the setup routes allow ten calls a minute per address. */
let enrolments = 0;
const PROFILE = "/prod-api/system/user/profile/twoFactor";
const login = (username: string, password: string) =>
  call("POST", "/prod-api/auth/admin/login", {}, { username, password });
const secondStep = (token: string, code: string, headers: Headers = {}) =>
  call("POST", "/prod-api/auth/two-factor", headers, { two_factor_token: token, otp: code });
/** The code an authenticator app shows now (or `offset` seconds from now). */
const codeOf = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(clock / 1000) + offset });

/** Signs in with a password and a second factor's code; returns the bearer header. */
async function signInWith(username: string, password: string, code: string): Promise<Headers> {
  const token = (await login(username, password)).json().data.two_factor_token;
  const done = await secondStep(token, code);
  expect(done.statusCode).toBe(200);
  return { authorization: `Bearer ${done.json().data.access_token}` };
}

/** Sets up and turns on an authenticator for a signed-in user (their password asked first); returns its secret and recovery codes. */
async function enrol(headers: Headers, password: string) {
  const from = `198.51.100.${++enrolments}`;
  const setup = await call("POST", `${PROFILE}/setup`, headers, { password }, from);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrSvg } = setup.json().data;
  const enabled = await call("POST", `${PROFILE}/enable`, headers, { otp: await codeOf(secret) }, from);
  expect(enabled.statusCode).toBe(200);
  advance(30_000); // the code just used is spent: the next sign-in takes the next one
  return { secret, uri, qrSvg, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

describe("two-factor sign-in", () => {
  it("sets up an authenticator from a QR code and asks for its code after the password", async () => {
    await createUser(t.database.db, { userName: "tina", password: "Tina-pass-2026" });
    const tina = await signIn(t.app, "tina", "Tina-pass-2026");
    const before = (await call("GET", PROFILE, tina)).json().data;
    expect(before).toEqual({ enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 });

    const { secret, uri, qrSvg, recoveryCodes } = await enrol(tina, "Tina-pass-2026");
    expect(uri).toBe(`otpauth://totp/Rampart%20Cloud:tina?secret=${secret}&issuer=Rampart%20Cloud`);
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    // Kept hashed and the secret encrypted: neither appears as such in the database.
    const [stored] = await t.database.db.select().from(sysUserTwoFactor);
    expect(stored!.secret).not.toContain(secret);
    const hashes = await t.database.db.select().from(sysUserRecoveryCode);
    expect(hashes.map((h) => h.codeHash)).not.toContain(recoveryCodes[0]);

    const status = (await call("GET", PROFILE, tina)).json().data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const first = await login("tina", "Tina-pass-2026");
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json().data)).toEqual(["two_factor_token"]);
    const done = await secondStep(first.json().data.two_factor_token, await codeOf(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().data.access_token.split(".")).toHaveLength(3);
  });

  it("answers a wrong password exactly as a right one until the code, then the same refusal for both", async () => {
    await createUser(t.database.db, { userName: "umar", password: "Umar-pass-2026" });
    const { secret } = await enrol(await signIn(t.app, "umar", "Umar-pass-2026"), "Umar-pass-2026");
    const wrongPassword = await login("umar", "not-his-password-1");
    const rightPassword = await login("umar", "Umar-pass-2026");
    expect(wrongPassword.statusCode).toBe(rightPassword.statusCode);
    expect(Object.keys(wrongPassword.json().data)).toEqual(Object.keys(rightPassword.json().data));
    // Even the right code does not sign in after a wrong password, and the answer does not say which.
    const afterWrong = await secondStep(wrongPassword.json().data.two_factor_token, await codeOf(secret), {
      "accept-language": "vi",
    });
    expect(afterWrong.statusCode).toBe(400);
    expect(afterWrong.json().msg).toBe("Mật khẩu hoặc mã xác minh không đúng");
    const wrongCode = await secondStep(rightPassword.json().data.two_factor_token, "000000", {
      "accept-language": "vi",
    });
    // The same refusal (each answer has its own request id).
    expect({ ...wrongCode.json(), requestId: "" }).toEqual({ ...afterWrong.json(), requestId: "" });
    // The challenge cannot be read or altered by the browser.
    const token: string = rightPassword.json().data.two_factor_token;
    expect(token).not.toMatch(/umar|Umar/);
    // One character of its signature changed (not the last: its low bits may be padding, and a
    // token already ending in "xx" would not change at all).
    const at = token.length - 10;
    const altered = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
    expect((await secondStep(altered, await codeOf(secret))).statusCode).toBe(410);
    const log = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.userName, "umar"));
    expect(log.map((l) => l.message)).toEqual(
      expect.arrayContaining(["login_bad_credentials", "login_bad_second_factor"]),
    );
  });

  it("takes a code once within its window", async () => {
    await createUser(t.database.db, { userName: "vera", password: "Vera-pass-2026" });
    const { secret } = await enrol(await signIn(t.app, "vera", "Vera-pass-2026"), "Vera-pass-2026");
    const code = await codeOf(secret);
    const once = await secondStep((await login("vera", "Vera-pass-2026")).json().data.two_factor_token, code);
    expect(once.statusCode).toBe(200);
    const again = await secondStep((await login("vera", "Vera-pass-2026")).json().data.two_factor_token, code);
    expect(again.statusCode).toBe(400);
    // A code from the previous window (a slow phone) is still accepted, once, before the next one.
    advance(30_000);
    const next = await secondStep(
      (await login("vera", "Vera-pass-2026")).json().data.two_factor_token,
      await codeOf(secret),
    );
    expect(next.statusCode).toBe(200);
  });

  it("signs in with a recovery code, once each", async () => {
    await createUser(t.database.db, { userName: "wen", password: "Wen-pass-2026x" });
    const wen = await signIn(t.app, "wen", "Wen-pass-2026x");
    const { recoveryCodes } = await enrol(wen, "Wen-pass-2026x");
    const used = recoveryCodes[3]!.toUpperCase().replace("-", " ");
    const first = await secondStep((await login("wen", "Wen-pass-2026x")).json().data.two_factor_token, used);
    expect(first.statusCode).toBe(200);
    const second = await secondStep((await login("wen", "Wen-pass-2026x")).json().data.two_factor_token, used);
    expect(second.statusCode).toBe(400);
    expect((await call("GET", PROFILE, wen)).json().data.recoveryCodesLeft).toBe(9);
  });

  it("takes the second step's token once, whichever code completed it", async () => {
    await createUser(t.database.db, { userName: "ines", password: "Ines-pass-2026" });
    const { secret, recoveryCodes } = await enrol(await signIn(t.app, "ines", "Ines-pass-2026"), "Ines-pass-2026");
    // Completed with a recovery code: the same token with another one signs in no more.
    const token = (await login("ines", "Ines-pass-2026")).json().data.two_factor_token;
    expect((await secondStep(token, recoveryCodes[0]!)).statusCode).toBe(200);
    const replayed = await secondStep(token, recoveryCodes[1]!, { "accept-language": "zh-TW" });
    expect(replayed.statusCode).toBe(410);
    expect(replayed.json().msg).toBe("這次登入已經完成，請重新輸入使用者名稱和密碼");
    // The refused replay used up nothing: the second recovery code still works.
    expect((await call("GET", PROFILE, await signInWith("ines", "Ines-pass-2026", recoveryCodes[1]!))).statusCode).toBe(
      200,
    );
    // Completed with an authenticator's code: the next code does not reuse the token either.
    advance(30_000);
    const second = (await login("ines", "Ines-pass-2026")).json().data.two_factor_token;
    expect((await secondStep(second, await codeOf(secret))).statusCode).toBe(200);
    advance(30_000);
    expect((await secondStep(second, await codeOf(secret))).statusCode).toBe(410);
    expect((await secondStep(second, "000000")).statusCode).toBe(410);
  });

  it("counts wrong codes toward the account's lock", async () => {
    await createUser(t.database.db, { userName: "xena", password: "Xena-pass-2026" });
    const { secret } = await enrol(await signIn(t.app, "xena", "Xena-pass-2026"), "Xena-pass-2026");
    const token = (await login("xena", "Xena-pass-2026")).json().data.two_factor_token;
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await secondStep(token, `${100000 + i}`)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    // Locked: even the right code waits, and so does the password.
    expect((await secondStep(token, await codeOf(secret))).statusCode).toBe(429);
    advance(11 * 60_000);
    const token2 = (await login("xena", "Xena-pass-2026")).json().data.two_factor_token;
    expect((await secondStep(token2, await codeOf(secret))).statusCode).toBe(200);
  });

  it("refuses a challenge that expired", async () => {
    await createUser(t.database.db, { userName: "yuki", password: "Yuki-pass-2026" });
    const { secret } = await enrol(await signIn(t.app, "yuki", "Yuki-pass-2026"), "Yuki-pass-2026");
    const token = (await login("yuki", "Yuki-pass-2026")).json().data.two_factor_token;
    advance(6 * 60_000);
    const late = await secondStep(token, await codeOf(secret));
    expect(late.statusCode).toBe(410);
    expect(late.json().msg).toMatch(/took too long/);
  });

  it("regenerates recovery codes and turns off only with a current code", async () => {
    await createUser(t.database.db, { userName: "zara", password: "Zara-pass-2026" });
    const zara = await signIn(t.app, "zara", "Zara-pass-2026");
    const { secret, recoveryCodes } = await enrol(zara, "Zara-pass-2026");
    expect((await call("POST", `${PROFILE}/recoveryCodes`, zara, { otp: "123456" })).statusCode).toBe(400);
    const fresh = await call("POST", `${PROFILE}/recoveryCodes`, zara, { otp: await codeOf(secret) });
    expect(fresh.statusCode).toBe(200);
    const newCodes: string[] = fresh.json().data.recoveryCodes;
    expect(newCodes.some((c) => recoveryCodes.includes(c))).toBe(false);
    // An old recovery code no longer turns it off; a new one does.
    expect((await call("POST", `${PROFILE}/disable`, zara, { otp: recoveryCodes[0]! })).statusCode).toBe(400);
    expect((await call("POST", `${PROFILE}/disable`, zara, { otp: newCodes[0]! })).statusCode).toBe(200);
    expect((await call("GET", PROFILE, zara)).json().data.enabled).toBe(false);
    const plain = await login("zara", "Zara-pass-2026");
    expect(plain.json().data.access_token).toBeTypeOf("string");
  });

  it("moves to a new authenticator only with the password and a current code, and tells the owner", async () => {
    await createUser(t.database.db, { userName: "noor", password: "Noor-pass-2026" });
    await t.database.db
      .update(sysUser)
      .set({ email: "noor@example.id", nickName: "Noor" })
      .where(eq(sysUser.userName, "noor"));
    // She signs in in Indonesian: her mails are in the language she last signed in in.
    const noor = await signIn(t.app, "noor", "Noor-pass-2026", { "accept-language": "id" });
    const { secret, recoveryCodes } = await enrol(noor, "Noor-pass-2026");

    // A signed-in session alone (a browser left open, a stolen token) cannot replace it.
    const bare = await call("POST", `${PROFILE}/setup`, { ...noor, "accept-language": "vi" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toBe(
      "Để chuyển sang ứng dụng xác thực mới, hãy nhập mật khẩu và một mã của ứng dụng hiện tại (hoặc một mã khôi phục)",
    );
    expect((await call("POST", `${PROFILE}/enable`, noor, { otp: "123456" })).json().msg).toMatch(/setup first/);
    const wrongPassword = await call("POST", `${PROFILE}/setup`, noor, {
      password: "not-her-password-1",
      otp: await codeOf(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().msg).toBe("Wrong password or verification code");
    const wrongCode = await call("POST", `${PROFILE}/setup`, noor, { password: "Noor-pass-2026", otp: "000000" });
    expect(wrongCode.statusCode).toBe(400);
    const [untouched] = await t.database.db
      .select()
      .from(sysUserTwoFactor)
      .where(eq(sysUserTwoFactor.userId, await userIdOf(t.database.db, "noor")));
    expect(untouched!.pendingSecret).toBeNull();
    expect(await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "noor@example.id"))).toEqual([]);

    // With both (a recovery code will do for the code), the new phone is set up and confirmed.
    const setup = await call("POST", `${PROFILE}/setup`, noor, { password: "Noor-pass-2026", otp: recoveryCodes[0]! });
    expect(setup.statusCode).toBe(200);
    const newSecret: string = setup.json().data.secret;
    expect(newSecret).not.toBe(secret);
    const enabled = await call("POST", `${PROFILE}/enable`, noor, { otp: await codeOf(newSecret) });
    expect(enabled.statusCode).toBe(200);
    advance(30_000);
    expect(
      (await secondStep((await login("noor", "Noor-pass-2026")).json().data.two_factor_token, await codeOf(secret)))
        .statusCode,
    ).toBe(400);
    expect(
      (await secondStep((await login("noor", "Noor-pass-2026")).json().data.two_factor_token, await codeOf(newSecret)))
        .statusCode,
    ).toBe(200);
    // The owner is told, in her language.
    const mails = await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "noor@example.id"));
    expect(mails).toMatchObject([{ event: "two_factor_changed", language: "id" }]);
    expect(mails[0]!.subject).toBe("Autentikator baru untuk akun Rampart Cloud Anda");
    expect(mails[0]!.text).toContain("Halo Noor");
  });

  it("keeps the codes out of the operation log", async () => {
    const rows = await t.database.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.route, `POST ${PROFILE}/disable`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.body).toEqual({ otp: "******" });
  });
});

describe("a role that demands two-factor sign-in", () => {
  it("holds a member without it at enrolment until they set it up, and an administrator can reset it", async () => {
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const [operatorRole] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, "operator"));
    const turnedOn = await call("PUT", `/prod-api/system/role/${operatorRole!.roleId}/twoFactor`, admin, {
      required: true,
    });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json().data.requireTwoFactor).toBe(true);

    await createUser(t.database.db, { userName: "olga", password: "Olga-pass-2026", roles: ["operator"] });
    const olga = await signIn(t.app, "olga", "Olga-pass-2026");
    const info = await call("GET", "/prod-api/system/user/getInfo", olga);
    expect(info.json().data.twoFactorEnrolment).toBe(true);
    const blocked = await call("GET", "/prod-api/order/trade/order/list", olga);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().msg).toMatch(/set up an authenticator/);
    expect((await call("GET", "/prod-api/system/user/list", olga)).statusCode).toBe(403);
    // Turning it off is refused while the role demands it.
    const { secret } = await enrol(olga, "Olga-pass-2026");
    expect((await call("GET", "/prod-api/system/user/getInfo", olga)).json().data.twoFactorEnrolment).toBe(false);
    expect((await call("GET", "/prod-api/order/trade/order/list", olga)).statusCode).toBe(200);
    const off = await call("POST", `${PROFILE}/disable`, olga, { otp: await codeOf(secret) });
    expect(off.statusCode).toBe(403);

    // The administrator resets it (who may act on whom is roles/act-on-guard.test.ts's).
    const olgaId = await userIdOf(t.database.db, "olga");
    const reset = await call("DELETE", `/prod-api/system/user/${olgaId}/twoFactor`, admin);
    expect(reset.statusCode).toBe(200);
    const logged = await t.database.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.route, "DELETE /prod-api/system/user/:userId/twoFactor"));
    expect(logged).toMatchObject([{ statusCode: 200, userName: "admin", target: { userId: olgaId } }]);
    expect((await call("DELETE", `/prod-api/system/user/${olgaId}/twoFactor`, admin)).statusCode).toBe(400);
    // Her next sign-in is by password, and she enrols again.
    const again = await login("olga", "Olga-pass-2026");
    expect(again.json().data.access_token).toBeTypeOf("string");
    const next = { authorization: `Bearer ${again.json().data.access_token}` };
    expect((await call("GET", "/prod-api/system/user/getInfo", next)).json().data.twoFactorEnrolment).toBe(true);

    await call("PUT", `/prod-api/system/role/${operatorRole!.roleId}/twoFactor`, admin, { required: false });
    expect((await call("GET", "/prod-api/system/user/getInfo", next)).json().data.twoFactorEnrolment).toBe(false);
  });

  it("lets only a holder of a role change whether it demands a second factor", async () => {
    await createUser(t.database.db, { userName: "rolemgr", password: "Role-mgr-2026", roles: ["operator"] });
    const [adminRole] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, "admin"));
    const operator = await signIn(t.app, "rolemgr", "Role-mgr-2026");
    const response = await call("PUT", `/prod-api/system/role/${adminRole!.roleId}/twoFactor`, operator, {
      required: false,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("the sessions a user can see", () => {
  it("lists the user's own sessions, this one marked, and ends one or all the others", async () => {
    await createUser(t.database.db, { userName: "sam", password: "Sam-pass-2026x" });
    await createUser(t.database.db, { userName: "other", password: "Other-pass-2026" });
    const phone = await signIn(t.app, "sam", "Sam-pass-2026x", { "user-agent": "Phone Safari" });
    const laptop = await signIn(t.app, "sam", "Sam-pass-2026x", { "user-agent": "Laptop Firefox" });
    const tablet = await signIn(t.app, "sam", "Sam-pass-2026x", { "user-agent": "Tablet Chrome" });
    const someoneElse = await signIn(t.app, "other", "Other-pass-2026");
    const listed = await call("GET", "/prod-api/system/user/profile/sessions", laptop);
    expect(listed.statusCode).toBe(200);
    const sessions: { sessionId: string; userAgent: string; current: boolean }[] = listed.json().data;
    expect(sessions.map((s) => s.userAgent).sort()).toEqual(["Laptop Firefox", "Phone Safari", "Tablet Chrome"]);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(["Laptop Firefox"]);

    // Another user's session cannot be ended from here.
    const theirs = (await call("GET", "/prod-api/system/user/profile/sessions", someoneElse)).json().data[0];
    expect(
      (await call("DELETE", `/prod-api/system/user/profile/sessions/${theirs.sessionId}`, laptop)).statusCode,
    ).toBe(404);
    expect((await call("GET", "/prod-api/system/user/getInfo", someoneElse)).statusCode).toBe(200);

    const phoneSession = sessions.find((s) => s.userAgent === "Phone Safari")!;
    const ended = await call("DELETE", `/prod-api/system/user/profile/sessions/${phoneSession.sessionId}`, laptop);
    expect(ended.statusCode).toBe(200);
    expect((await call("GET", "/prod-api/system/user/getInfo", phone)).statusCode).toBe(401);

    const others = await call("DELETE", "/prod-api/system/user/profile/sessions", laptop);
    expect(others.json().data).toEqual({ ended: 1 });
    expect((await call("GET", "/prod-api/system/user/getInfo", tablet)).statusCode).toBe(401);
    expect((await call("GET", "/prod-api/system/user/getInfo", laptop)).statusCode).toBe(200);
  });
});
