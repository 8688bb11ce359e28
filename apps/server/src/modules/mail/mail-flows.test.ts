import { LANGUAGES } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysMail, sysSite, sysUser } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { EMAIL_VERIFICATION_SETTING } from "../auth/email-verification.ts";
import { MAIL_EVENTS, MAIL_TEXTS, type MailEvent, unknownPlaceholders } from "./mail-texts.ts";
import { renderMail } from "./render-mail.ts";

let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe("the mail texts", () => {
  it("exist for every event in every language, with only their event's placeholders, and render", async () => {
    for (const event of Object.keys(MAIL_EVENTS) as MailEvent[]) {
      for (const language of LANGUAGES) {
        const text = MAIL_TEXTS[event][language];
        expect(text, `${event} ${language}`).toBeDefined();
        expect(unknownPlaceholders(event, text), `${event} ${language}`).toEqual([]);
        const values = Object.fromEntries(MAIL_EVENTS[event].map((name) => [name, `<${name}>`]));
        values.link = "https://console.example.com/x?token=abc";
        const mail = await renderMail(
          event,
          language,
          { company: "<Acme>", themeColor: "#11a983", logoUrl: "", contactWay: "hi@acme.example" },
          values as never,
        );
        // Every placeholder filled, every value escaped in the HTML, the text part readable.
        expect(`${mail.subject}${mail.text}`, `${event} ${language}`).not.toMatch(/\{\{|\}\}/);
        expect(mail.html).not.toContain("<Acme>");
        expect(mail.html).toContain("&lt;Acme&gt;");
        expect(mail.text.length).toBeGreaterThan(40);
      }
    }
  });
});

describe("security notices", () => {
  it("tells the owner when their password is changed from the personal center, with when and from where", async () => {
    await createUser(t.database.db, { userName: "quynh", password: "Hue-2026-river" });
    await t.database.db.update(sysUser).set({ email: "quynh@example.vn" }).where(eq(sysUser.userName, "quynh"));
    const quynh = await signIn(t.app, "quynh", "Hue-2026-river");
    const changed = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/updatePwd",
      headers: { ...quynh, "accept-language": "id" },
      payload: { oldPassword: "Hue-2026-river", newPassword: "Perfume-river-27" },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => smtp.to("quynh@example.vn").length, { timeout: 15_000 }).toBe(1);
    const notice = smtp.to("quynh@example.vn")[0]!;
    expect(notice.subject).toBe("Kata sandi Rampart Cloud Anda telah diubah");
    expect(notice.text).toContain("127.0.0.1");
  });
});

describe("a locked account", () => {
  it("tells its owner once, in the language they last signed in in", async () => {
    await createUser(t.database.db, { userName: "xuan", password: "Xuan-pass-2026x" });
    await t.database.db.update(sysUser).set({ email: "xuan@example.vn" }).where(eq(sysUser.userName, "xuan"));
    await signIn(t.app, "xuan", "Xuan-pass-2026x", { "accept-language": "id" });
    for (let i = 0; i < 7; i++) {
      const wrong = await t.app.inject({
        method: "POST",
        url: "/prod-api/auth/admin/login",
        headers: { "accept-language": "zh-CN" },
        payload: { username: "XUAN", password: `guess-${i}-x1` },
      });
      expect(wrong.statusCode).toBe(i < 5 ? 400 : 429);
    }
    await expect.poll(() => smtp.to("xuan@example.vn").length, { timeout: 15_000 }).toBe(1);
    const notice = smtp.to("xuan@example.vn")[0]!;
    expect(notice.subject).toBe("Akun Rampart Cloud Anda dikunci sementara selama 10 menit");
    expect(notice.text).toContain("127.0.0.1");
  });
});

describe("the second factor's reset", () => {
  it("is mailed to the owner when an administrator resets it", async () => {
    await createUser(t.database.db, { userName: "vinh", password: "Vinh-pass-2026x" });
    await t.database.db.update(sysUser).set({ email: "vinh@example.vn" }).where(eq(sysUser.userName, "vinh"));
    const vinh = await signIn(t.app, "vinh", "Vinh-pass-2026x");
    const PROFILE = "/prod-api/system/user/profile/twoFactor";
    const { secret } = (
      await t.app.inject({
        method: "POST",
        url: `${PROFILE}/setup`,
        headers: vinh,
        payload: { password: "Vinh-pass-2026x" },
      })
    ).json().data;
    const enabled = await t.app.inject({
      method: "POST",
      url: `${PROFILE}/enable`,
      headers: vinh,
      payload: { otp: await generate({ secret }) },
    });
    expect(enabled.statusCode).toBe(200);
    const admin = await signIn(t.app, "admin", "test-admin-password");
    const vinhId = await userIdOf(t.database.db, "vinh");
    const reset = await t.app.inject({
      method: "DELETE",
      url: `/prod-api/system/user/${vinhId}/twoFactor`,
      headers: { ...admin, "accept-language": "zh-TW" },
    });
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => smtp.to("vinh@example.vn").length, { timeout: 15_000 }).toBe(1);
    expect(smtp.to("vinh@example.vn")[0]!.subject).toBe("您的 Rampart Cloud 帳號已移除兩步驟驗證登入");
  });
});

describe("a site's mail settings", () => {
  it("are edited with the site: addresses checked, the list kept tidy", async () => {
    const admin = await signIn(t.app, "admin", "test-admin-password");
    const { data: sites } = (await t.app.inject({ url: "/prod-api/system/site/list", headers: admin })).json();
    const site = sites.find((s: { agentCode: string }) => s.agentCode === "LOTUS");
    const { siteId, users, createTime, isDefault, mail: _mail, ...body } = site;
    const save = (mail: object) =>
      t.app.inject({
        method: "PUT",
        url: `/prod-api/system/site/${siteId}`,
        headers: admin,
        payload: { ...body, mail },
      });
    expect((await save({ senderName: "Lotus", replyTo: "not an address", salesEmails: "" })).statusCode).toBe(400);
    expect((await save({ senderName: "Lotus", replyTo: "", salesEmails: "a@lotus.example; nope" })).statusCode).toBe(
      400,
    );
    const saved = await save({
      senderName: " Lotus Sales ",
      replyTo: "Sales@Lotus.example",
      salesEmails: "A@lotus.example;b@lotus.example , a@lotus.example",
      onCallEmails: "NOC@lotus.example; duty@lotus.example",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.mail).toEqual({
      senderName: "Lotus Sales",
      replyTo: "sales@lotus.example",
      salesEmails: "a@lotus.example, b@lotus.example",
      onCallEmails: "noc@lotus.example, duty@lotus.example",
    });
  });
});

describe("the mails an enquiry sends", () => {
  it("alerts the site's sales addresses with a console link on its own domain, and thanks the applicant", async () => {
    await t.database.db
      .update(sysSite)
      .set({
        salesEmails: "sales@lotus.example, ops@lotus.example",
        mailSenderName: "Lotus Shield Sales",
        mailReplyTo: "sales@lotus.example",
      })
      .where(eq(sysSite.agentCode, "LOTUS"));
    const before = smtp.mails.length;
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/lead/apply",
      headers: { host: "demo.localhost", "accept-language": "vi", "x-forwarded-host": "evil.example" },
      payload: {
        kind: "apply",
        product: "waf",
        name: "Phạm Minh",
        email: "minh@example.vn",
        phone: "+84 90 123 4567",
        address: "Quận 1, TP. Hồ Chí Minh",
        content: "Cần WAF cho 3 tên miền",
      },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(before + 3);
    const alerts = [...smtp.to("sales@lotus.example"), ...smtp.to("ops@lotus.example")];
    expect(alerts).toHaveLength(2);
    for (const alert of alerts) {
      expect(alert.subject).toBe("Yêu cầu mới từ Phạm Minh — waf");
      expect(alert.text).toContain("Cần WAF cho 3 tên miền");
      expect(alert.text).toContain("http://demo.localhost/business/lead");
      expect(alert.text).not.toContain("evil.example");
      expect(alert.from).toBe('"Lotus Shield Sales" <no-reply@rampart.test>');
      expect(alert.replyTo).toBe("sales@lotus.example");
    }
    const thanks = smtp.to("minh@example.vn");
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.subject).toBe("Chúng tôi đã nhận được yêu cầu của bạn — Lotus Shield");
    expect(thanks[0]!.text).toContain("Cảm ơn bạn, Phạm Minh");
  });

  it("alerts the administrators while a site has no sales addresses: their confirmed addresses, any when addresses are not confirmed", async () => {
    const setVerification = (on: boolean) =>
      t.database.db
        .update(sysConfig)
        .set({ configValue: String(on) })
        .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
    const adminRow = eq(sysUser.userName, "admin");
    await t.database.db.update(sysUser).set({ email: "root@rampart.example", emailVerifiedAt: null }).where(adminRow);
    const apply = async (name: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/lead/apply",
        // The main site, whose sales addresses are empty as seeded.
        headers: { host: "localhost", "accept-language": "en" },
        remoteAddress: "192.0.2.38",
        payload: {
          name,
          email: "player@example.vn",
          phone: "+84 90 765 4321",
          address: "Hanoi",
          content: "DDoS for a game server",
        },
      });
      expect(response.statusCode).toBe(200);
    };
    const alertsFor = (name: string) => smtp.to("root@rampart.example").filter((m) => m.subject.includes(name));
    try {
      // Addresses are not confirmed on this installation: the administrator's, as it is.
      await setVerification(false);
      await apply("Vo Thanh");
      await expect.poll(() => alertsFor("Vo Thanh").length, { timeout: 15_000 }).toBe(1);
      // They are: an unconfirmed one gets nothing, a confirmed one the alert.
      await setVerification(true);
      await apply("Do Quang");
      await t.database.db.update(sysUser).set({ emailVerifiedAt: new Date() }).where(adminRow);
      await apply("Ly Hoa");
      await expect.poll(() => alertsFor("Ly Hoa").length, { timeout: 15_000 }).toBe(1);
      expect(alertsFor("Do Quang")).toHaveLength(0);
    } finally {
      await setVerification(false);
      await t.database.db.update(sysUser).set({ email: "", emailVerifiedAt: null }).where(adminRow);
    }
  });

  it("fails only the mail to an address the SMTP server refuses", async () => {
    smtp.refused.add("ops@lotus.example");
    const before = smtp.mails.length;
    await t.app.inject({
      method: "POST",
      url: "/prod-api/lead/apply",
      headers: { host: "demo.localhost" },
      payload: {
        kind: "apply",
        product: "cdn",
        name: "Lan",
        email: "lan@example.vn",
        phone: "0901234567",
        address: "Hanoi",
        content: "CDN for video",
      },
    });
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(before + 2);
    await expect
      .poll(async () => {
        const rows = await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "ops@lotus.example"));
        return rows.map((r) => r.status).sort();
      })
      .toEqual(["failed", "sent"]);
    const [failed] = await t.database.db.select().from(sysMail).where(eq(sysMail.status, "failed"));
    expect(failed!.lastResponse).toContain("No such mailbox");
    expect(failed!.attempts).toBe(1);
  });
});
