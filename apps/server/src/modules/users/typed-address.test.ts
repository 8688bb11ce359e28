import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysUser } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { EMAIL_VERIFICATION_SETTING } from "../auth/email-verification.ts";

/**
 * Issue 37, item 3: an operator with `system:user:edit` (not `resetPwd`) gave a customer their own
 * address; it counted as confirmed, and "forgot password" then mailed the customer's link to the
 * operator, the customer none the wiser. An address an operator types is unconfirmed until its
 * owner opens the link mailed to it, and the address it replaces is told.
 */
let t: TestApp;
const smtp = new MailCatcher();
let operator: Record<string, string>;

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  const { db } = t.database;
  await db.update(sysConfig).set({ configValue: "true" }).where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
  await createUser(db, { userName: "lan.pham", password: "Lan-pham-2026x" });
  // A customer who confirmed her address and last signed in in Vietnamese.
  await db
    .update(sysUser)
    .set({ email: "lan@example.vn", emailVerifiedAt: new Date(), nickName: "Lan", language: "vi" })
    .where(eq(sysUser.userName, "lan.pham"));
  await createUser(db, { userName: "ops.khoa", password: "Ops-khoa-2026x", roles: [OPERATOR_ROLE] });
  operator = { ...(await signIn(t.app, "ops.khoa", "Ops-khoa-2026x")), "accept-language": "en" };
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const mailTo = async (address: string, n: number) => {
  await expect.poll(() => smtp.to(address).length, { timeout: 15_000 }).toBe(n);
  return smtp.to(address)[n - 1]!;
};
const verified = async (userName: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!.emailVerifiedAt !== null;

const forgot = (account: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/password/forgot",
    headers: { "accept-language": "en" },
    payload: { account },
  });
const resetMails = (address: string) => smtp.to(address).filter((m) => m.text.includes("/cloud/reset-password?token="));

describe("an address an operator types", () => {
  it("for an existing account waits for its owner: forgot password still mails the account's own address", async () => {
    const lanId = await userIdOf(t.database.db, "lan.pham");
    const changed = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/user/${lanId}`,
      headers: operator,
      payload: { nickName: "Lan", email: "khoa@ops.example", status: "0", roleKeys: [] },
    });
    expect(changed.statusCode).toBe(200);
    // The account keeps its confirmed address; the operator is told where the link went.
    expect(changed.json().data).toMatchObject({ email: "lan@example.vn", emailVerified: true });
    expect(changed.json().msg).toContain("khoa@ops.example");
    // The typed address gets a link to make it the account's, in her language.
    const link = await mailTo("khoa@ops.example", 1);
    expect(link.subject).toBe("Xác nhận địa chỉ email mới của bạn tại Rampart Cloud");

    // "Forgot password" for the customer: her link goes to her own address, never the operator's.
    expect((await forgot("lan.pham")).statusCode).toBe(200);
    expect((await forgot("khoa@ops.example")).statusCode).toBe(200);
    await expect.poll(() => resetMails("lan@example.vn").length, { timeout: 15_000 }).toBe(1);
    expect(resetMails("khoa@ops.example")).toHaveLength(0);

    // Opening the link makes it the account's, confirmed, and the old address is told.
    const token = /\/cloud\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    const confirmed = await t.app.inject({ method: "POST", url: "/prod-api/auth/email/confirm", payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    const [lan] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "lan.pham"));
    expect(lan).toMatchObject({ email: "khoa@ops.example" });
    expect(lan!.emailVerifiedAt).not.toBeNull();
    const notice = await mailTo("lan@example.vn", 2);
    expect(notice.subject).toBe("Địa chỉ email của tài khoản Rampart Cloud đã được thay đổi");
    expect(notice.text).toContain("khoa@ops.example");
  });

  it("on a new account is unconfirmed, and gets no reset link until the link mailed to it is opened", async () => {
    const admin = { ...(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD)), "accept-language": "id" };
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "budi.s",
        nickName: "Budi",
        password: "Jakarta-2026-kota",
        email: "budi@example.id",
        status: "0",
        roleKeys: [],
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.emailVerified).toBe(false);
    expect(await verified("budi.s")).toBe(false);
    const link = await mailTo("budi@example.id", 1);
    expect(link.subject).toBe("Konfirmasi alamat email Anda untuk Rampart Cloud");

    // Whoever holds the address an operator typed is not handed the account by "Forgot password".
    await createUser(t.database.db, { userName: "sari.w", password: "Sari-w-2026x" });
    await t.database.db
      .update(sysUser)
      .set({ email: "sari@example.id", emailVerifiedAt: new Date() })
      .where(eq(sysUser.userName, "sari.w"));
    expect((await forgot("budi.s")).statusCode).toBe(200);
    expect((await forgot("sari.w")).statusCode).toBe(200);
    await expect.poll(() => resetMails("sari@example.id").length, { timeout: 15_000 }).toBe(1);
    expect(resetMails("budi@example.id")).toHaveLength(0);

    // Once its owner opens the confirmation link, the address is theirs, and so are its links.
    const token = /\/cloud\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    expect(
      (await t.app.inject({ method: "POST", url: "/prod-api/auth/email/confirm", payload: { token } })).statusCode,
    ).toBe(200);
    expect((await forgot("budi.s")).statusCode).toBe(200);
    await expect.poll(() => resetMails("budi@example.id").length, { timeout: 15_000 }).toBe(1);
  });
});
