import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37, item 5: a reset link stayed live after another reset or a password change, so an old
 * mail (forwarded, read over a shoulder, left in a shared mailbox) still opened the account. Once
 * the password changes, whichever way, every live link to choose one is spent.
 */
let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  for (const [userName, email] of [
    ["hoang.le", "hoang@example.vn"],
    ["nga.do", "nga@example.vn"],
    ["tuan.vu", "tuan@example.vn"],
  ] as const) {
    await createUser(t.database.db, { userName, password: "First-pass-2026x" });
    await t.database.db.update(sysUser).set({ email }).where(eq(sysUser.userName, userName));
  }
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Asks for a reset link and answers its token (the n-th mail to the address). */
async function resetToken(account: string, address: string, n: number): Promise<string> {
  await t.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", payload: { account } });
  await expect.poll(() => smtp.to(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(smtp.to(address)[n - 1]!.text)![1]!;
}
const reset = (token: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/password/reset",
    headers: { "accept-language": "vi" },
    payload: { token, password },
  });
const REFUSED = "Liên kết này đã hết hạn hoặc đã được sử dụng; hãy yêu cầu liên kết mới";

describe("reset links once the password changed", () => {
  it("are spent by a reset through another link", async () => {
    const first = await resetToken("hoang.le", "hoang@example.vn", 1);
    const second = await resetToken("hoang.le", "hoang@example.vn", 2);
    expect((await reset(second, "Second-pass-2027y")).statusCode).toBe(200);
    const old = await reset(first, "Third-pass-2028z");
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe(REFUSED);
    await signIn(t.app, "hoang.le", "Second-pass-2027y");
  });

  it("are spent by a change in the personal center", async () => {
    const token = await resetToken("nga.do", "nga@example.vn", 1);
    const nga = await signIn(t.app, "nga.do", "First-pass-2026x");
    const changed = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/updatePwd",
      headers: nga,
      payload: { oldPassword: "First-pass-2026x", newPassword: "Nga-new-pass-2027" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, "Third-pass-2028z")).json().msg).toBe(REFUSED);
    await signIn(t.app, "nga.do", "Nga-new-pass-2027");
  });

  it("are spent by an operator's reset, and so is an invitation's link", async () => {
    const token = await resetToken("tuan.vu", "tuan@example.vn", 1);
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const invited = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "invited.kim",
        nickName: "Kim",
        email: "kim@example.vn",
        status: "0",
        roleKeys: [],
        invite: true,
      },
    });
    expect(invited.statusCode).toBe(200);
    await expect.poll(() => smtp.to("kim@example.vn").length, { timeout: 15_000 }).toBe(1);
    const invitation = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(smtp.to("kim@example.vn")[0]!.text)![1]!;
    for (const [userName, password] of [
      ["tuan.vu", "Operator-set-2027"],
      ["invited.kim", "Operator-set-2028"],
    ] as const) {
      const set = await t.app.inject({
        method: "PUT",
        url: `/prod-api/system/user/${await userIdOf(t.database.db, userName)}/resetPwd`,
        headers: admin,
        payload: { password },
      });
      expect(set.statusCode).toBe(200);
    }
    expect((await reset(token, "Third-pass-2028z")).json().msg).toBe(REFUSED);
    expect((await reset(invitation, "Third-pass-2028z")).json().msg).toBe(REFUSED);
    await signIn(t.app, "tuan.vu", "Operator-set-2027");
    await signIn(t.app, "invited.kim", "Operator-set-2028");
  });
});
