import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser, sysUserToken } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  await createUser(t.database.db, { userName: "an.nguyen", password: "Saigon-2026x" });
  await t.database.db
    .update(sysUser)
    .set({ email: "an@example.vn", nickName: "An" })
    .where(eq(sysUser.userName, "an.nguyen"));
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const forgot = (account: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", headers, payload: { account } });
const reset = (token: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/password/reset", headers, payload: { token, password } });
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";

describe("forgot password", () => {
  it("mails a one-time link on the site's own domain, in the visitor's language, whatever Host says", async () => {
    const session = await signIn(t.app, "an.nguyen", "Saigon-2026x");
    const asked = await forgot("AN@example.vn", {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "accept-language": "vi",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().msg).toMatch(/^Nếu có tài khoản phù hợp/);
    await expect.poll(() => smtp.to("an@example.vn").length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.to("an@example.vn")[0]!;
    expect(mail.subject).toBe("Đặt lại mật khẩu Rampart Cloud của bạn");
    expect(mail.language).toBe("vi");
    expect(mail.from).toBe('"Rampart Cloud" <no-reply@rampart.test>');
    // Keyed by the job that wrote it: the same on every try, and once if the job runs twice.
    expect(mail.messageId).toMatch(/^<password-reset-[0-9a-f-]{36}@rampart\.test>$/);
    expect(mail.text).toContain("Xin chào An");
    expect(mail.text).toContain("http://localhost/cloud/reset-password?token=");
    expect(mail.html).toContain('href="http://localhost/cloud/reset-password?token=');
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
    // Only a hash of the token is kept, and the kept copy of the sent mail has the link masked.
    const token = tokenIn(mail.text);
    const [kept] = await t.database.db.select().from(sysUserToken);
    expect(kept!.tokenHash).not.toContain(token);
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "an@example.vn")))[0]?.status,
      )
      .toBe("sent");
    const [logged] = await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "an@example.vn"));
    expect(logged!.text).not.toContain(token);
    expect(logged!.text).toContain("token=••••••");

    // A weak password is refused and changes nothing; a good one signs everyone out.
    const weak = await reset(token, "password1", { "accept-language": "en" });
    expect(weak.statusCode).toBe(400);
    const done = await reset(token, "Mekong-river-2027", { "accept-language": "vi" });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/prod-api/system/user/getInfo", headers: session })).statusCode).toBe(401);
    expect((await reset(token, "Another-pass-2028")).json().msg).toMatch(/expired or has already been used/);
    await signIn(t.app, "an.nguyen", "Mekong-river-2027");
    // And they are told.
    await expect.poll(() => smtp.to("an@example.vn").length, { timeout: 15_000 }).toBe(2);
    expect(smtp.to("an@example.vn")[1]!.subject).toBe("Mật khẩu Rampart Cloud của bạn đã được thay đổi");
  });

  it("answers the same for an account that does not exist, and mails nobody", async () => {
    const before = smtp.mails.length;
    const unknown = await forgot("nobody@example.com");
    const known = await forgot("an.nguyen");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(before + 1);
    expect(smtp.mails.at(-1)!.to).toContain("an@example.vn");
  });

  it("refuses a token that is not a live reset token", async () => {
    const response = await reset("x".repeat(43), "Mekong-river-2029", { "accept-language": "zh-CN" });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("该链接已过期或已被使用，请重新申请");
  });
});

describe("mail without an SMTP server", () => {
  it("keeps the mail, marked not sent, readable in the mail log without its one-time link", async () => {
    const plain = await openTestApp();
    try {
      await createUser(plain.database.db, { userName: "binh", password: "Hanoi-2026x" });
      await plain.database.db.update(sysUser).set({ email: "binh@example.vn" }).where(eq(sysUser.userName, "binh"));
      await plain.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", payload: { account: "binh" } });
      await expect
        .poll(async () => (await plain.database.db.select().from(sysMail))[0]?.status, { timeout: 15_000 })
        .toBe("not_sent");
      const [mail] = await plain.database.db.select().from(sysMail);
      expect(mail!.lastResponse).toBe("not sent: no SMTP server configured");
      const admin = await signIn(plain.app, "admin", "test-admin-password");
      const list = await plain.app.inject({ url: "/prod-api/monitor/mail/list", headers: admin });
      expect(list.json()).toMatchObject({
        code: 200,
        total: 1,
        rows: [{ recipient: "binh@example.vn", status: "not_sent" }],
      });
      const opened = await plain.app.inject({ url: `/prod-api/monitor/mail/${mail!.mailId}`, headers: admin });
      // Nobody follows someone else's reset link from the log (issue 37): it is masked.
      expect(tokenIn(opened.json().data.text)).toBe("");
      expect(opened.json().data.text).toContain("reset-password?token=••••••");
      // Rendered for the console's frame: a short-lived signed address, the mail's own styles only.
      const preview = await plain.app.inject({
        method: "POST",
        url: `/prod-api/monitor/mail/${mail!.mailId}/preview`,
        headers: admin,
      });
      const url: string = preview.json().data.url;
      const page = await plain.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["content-security-policy"]).toContain("sandbox");
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      // Its address is the secret: not sent on to the hosts of the mail's images.
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
      expect(page.body).toContain("reset-password?token=••••••");
      expect((await plain.app.inject({ url: `${url.slice(0, -3)}abc` })).statusCode).toBe(404);
      // A customer cannot read the mail log.
      const binh = await signIn(plain.app, "binh", "Hanoi-2026x");
      expect((await plain.app.inject({ url: "/prod-api/monitor/mail/list", headers: binh })).statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
