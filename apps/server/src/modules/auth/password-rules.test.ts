import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { newPasswordProblem } from "./password-rules.ts";

const COMMON = ["password1", "12345678a", "qwerty123", "Password1", "P@ssw0rd1", "iloveyou1"];
const TOO_COMMON =
  "This password is among the most common ones (or a variation of one) and would be guessed quickly; choose another";

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  await createUser(t.database.db, { userName: "hoa", password: "hoa-pass-123" });
});
afterAll(() => t.close());

const users = async () => (await t.database.db.select().from(sysUser)).length;

describe("common passwords", () => {
  it("are told apart from ordinary ones", async () => {
    for (const password of COMMON) expect(await newPasswordProblem(password, "someone")).toBe("password_common");
    for (const password of ["Saigon2026", "hoa-pass-123", "Hue2027newpw"])
      expect(await newPasswordProblem(password, "someone")).toBeUndefined();
  });

  it("are refused at registration, in the visitor's language, and no account is made", async () => {
    const before = await users();
    for (const password of COMMON) {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/auth/register",
        payload: { username: "new.buyer", password, email: "buyer@example.com" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(TOO_COMMON);
    }
    const vi = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/register",
      headers: { "accept-language": "vi" },
      payload: { username: "new.buyer", password: "qwerty123", email: "buyer@example.com" },
    });
    expect(vi.json().msg).toBe(
      "Mật khẩu này thuộc nhóm phổ biến nhất (hoặc là biến thể của chúng) nên dễ bị đoán; hãy chọn mật khẩu khác",
    );
    expect(await users()).toBe(before);
  });

  it("are refused when an operator creates a user or resets a password", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: { userName: "an.pham", nickName: "An", password: "Password1", status: "0", roleKeys: [] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().msg).toBe(TOO_COMMON);
    const hoa = await userIdOf(t.database.db, "hoa");
    const reset = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/user/${hoa}/resetPwd`,
      headers: admin,
      payload: { password: "12345678a" },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().msg).toBe(TOO_COMMON);
    await signIn(t.app, "hoa", "hoa-pass-123");
  });

  it("are refused when users change their own", async () => {
    const hoa = await signIn(t.app, "hoa", "hoa-pass-123");
    const change = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/updatePwd",
      headers: { ...hoa, "accept-language": "zh-TW" },
      payload: { oldPassword: "hoa-pass-123", newPassword: "password1" },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().msg).toBe("此密碼屬於最常見的密碼（或其變化），很容易被猜到，請換一個");
    await signIn(t.app, "hoa", "hoa-pass-123");
  });
});
