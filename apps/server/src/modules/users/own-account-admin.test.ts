import { ADMIN_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser, sysUserTwoFactor } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Issue 37 (review of item 4): the personal center asks for the password (and a code) before the
 * password or the authenticator changes, but an operator's session alone could do both to their own
 * account through System → Users, and set up a first authenticator with no password at all: a
 * stolen session enrolled the thief's phone.
 */
let t: TestApp;
const PASSWORD = "Root-two-2026x";
const PROFILE = "/prod-api/system/user/profile/twoFactor";
let root: Record<string, string>;
let rootId: number;

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "root.two", password: PASSWORD, roles: [ADMIN_ROLE] });
  rootId = await userIdOf(t.database.db, "root.two");
  root = { ...(await signIn(t.app, "root.two", PASSWORD)), "accept-language": "vi" };
});
afterAll(() => t.close());

const call = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method, url, headers: root, remoteAddress, ...(payload ? { payload } : {}) });

describe("an operator's own account", () => {
  it("sets up a first authenticator only with the password", async () => {
    const bare = await call("POST", `${PROFILE}/setup`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toBe("Để thiết lập xác minh hai bước, hãy nhập mật khẩu của bạn");
    expect((await call("POST", `${PROFILE}/setup`, { password: "Not-my-2026x" })).statusCode).toBe(400);
    expect(await t.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, rootId))).toEqual([]);

    const setup = await call("POST", `${PROFILE}/setup`, { password: PASSWORD }, "198.51.100.31");
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const enabled = await call("POST", `${PROFILE}/enable`, { otp: await generate({ secret }) }, "198.51.100.31");
    expect(enabled.statusCode).toBe(200);
  });

  it("keeps its second factor and password out of System → Users: the personal center changes them", async () => {
    const removed = await call("DELETE", `/prod-api/system/user/${rootId}/twoFactor`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().msg).toBe(
      "Mật khẩu và xác minh hai bước của chính bạn được thay đổi trong trang cá nhân, nơi sẽ hỏi mật khẩu hiện tại của bạn",
    );
    const [kept] = await t.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, rootId));
    expect(kept!.secret).not.toBeNull();

    const before = (await t.database.db.select().from(sysUser).where(eq(sysUser.userId, rootId)))[0]!.passwordHash;
    const reset = await call("PUT", `/prod-api/system/user/${rootId}/resetPwd`, { password: "Taken-over-2026x" });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().msg).toMatch(/trang cá nhân/);
    const after = (await t.database.db.select().from(sysUser).where(eq(sysUser.userId, rootId)))[0]!.passwordHash;
    expect(after).toBe(before);
  });
});
