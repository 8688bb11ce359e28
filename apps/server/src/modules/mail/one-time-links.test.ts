import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37, item 1: an operator with the mail log (the seeded `operator` role has it) read the
 * administrator's password-reset link there and took the account over; a site-bound operator did
 * the same through a reset asked with their site's agent code. One-time links are shown to nobody,
 * whatever the mail's status; "send again" mails a new link to the mail's owner.
 */
const TOKEN = /token=([A-Za-z0-9_-]{20,})/;
const forgot = (t: TestApp, account: string, payload: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", payload: { account, ...payload } });

describe("the mail log of an installation without SMTP", () => {
  let t: TestApp;
  let operator: { authorization: string };
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await openTestApp();
    await t.database.db.update(sysUser).set({ email: "root@example.com" }).where(eq(sysUser.userName, "admin"));
    await createUser(t.database.db, { userName: "ops.duc", password: "Ops-duc-2026x", roles: [OPERATOR_ROLE] });
    operator = await signIn(t.app, "ops.duc", "Ops-duc-2026x");
    admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const notSent = async (recipient: string) => {
    await expect
      .poll(
        async () => (await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, recipient)))[0]?.status,
        { timeout: 15_000 },
      )
      .toBe("not_sent");
    return (await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, recipient)))[0]!;
  };
  /** Everything an operator can read of a mail: the list's row, the mail, its rendering. */
  const readAs = async (who: { authorization: string }, mailId: number) => {
    const list = await t.app.inject({ url: "/prod-api/monitor/mail/list?pageSize=50", headers: who });
    const row = list.json().rows.find((r: { mailId: number }) => r.mailId === mailId);
    const opened = await t.app.inject({ url: `/prod-api/monitor/mail/${mailId}`, headers: who });
    const preview = await t.app.inject({
      method: "POST",
      url: `/prod-api/monitor/mail/${mailId}/preview`,
      headers: who,
    });
    const page = await t.app.inject({ url: preview.json().data.url });
    return { row, mail: opened.json().data, page: page.body };
  };

  it("shows an operator neither the administrator's reset link nor an invitation's, in any view", async () => {
    expect((await forgot(t, "admin")).statusCode).toBe(200);
    const reset = await notSent("root@example.com");
    const invited = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "new.hoa",
        nickName: "Hoa",
        email: "hoa@example.vn",
        status: "0",
        roleKeys: [],
        invite: true,
      },
    });
    expect(invited.statusCode).toBe(200);
    const invitation = await notSent("hoa@example.vn");
    for (const kept of [reset, invitation]) {
      for (const who of [operator, admin]) {
        const { row, mail, page } = await readAs(who, kept.mailId);
        expect(`${row.subject}${mail.subject}${mail.text}${mail.html}${page}`).not.toMatch(TOKEN);
        expect(row).toMatchObject({ mailId: kept.mailId, status: "not_sent", oneTimeLink: true });
        expect(mail.text).toContain("token=••••••");
        expect(page).toContain("token=••••••");
      }
      // Nor is it kept anywhere: the mail will never be sent, its link is of no use to anyone.
      const [stored] = await t.database.db.select().from(sysMail).where(eq(sysMail.mailId, kept.mailId));
      expect(`${stored!.subject}${stored!.html}${stored!.text}`).not.toMatch(TOKEN);
    }
  });

  it("files a reset of an account of no site under no site, whatever site it was asked from", async () => {
    const lotusOps = await signInDemoSiteOperator(t.app, t.database.db);
    const before = await t.database.db.select({ mailId: sysMail.mailId }).from(sysMail);
    expect((await forgot(t, "admin", { agentCode: "LOTUS" })).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.database.db.select().from(sysMail)).length, { timeout: 15_000 })
      .toBe(before.length + 1);
    const [latest] = await t.database.db.select().from(sysMail).orderBy(sysMail.mailId).limit(1).offset(before.length);
    expect(latest).toMatchObject({ recipient: "root@example.com", event: "password_reset", siteId: null });
    const seen = await t.app.inject({ url: "/prod-api/monitor/mail/list?pageSize=50", headers: lotusOps });
    expect(seen.json().rows.map((r: { recipient: string }) => r.recipient)).not.toContain("root@example.com");
    const opened = await t.app.inject({ url: `/prod-api/monitor/mail/${latest!.mailId}`, headers: lotusOps });
    expect(opened.statusCode).toBe(404);
  });
});

describe("a one-time mail that failed", () => {
  let t: TestApp;
  const smtp = new MailCatcher();
  beforeAll(async () => {
    await smtp.start();
    t = await openTestApp({ smtpUrl: smtp.url });
    await t.database.db.update(sysUser).set({ email: "root@example.com" }).where(eq(sysUser.userName, "admin"));
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("is sent again with a new link, to its owner only, and the operator sees neither link", async () => {
    await createUser(t.database.db, { userName: "ops.mai", password: "Ops-mai-2026x", roles: [OPERATOR_ROLE] });
    const operator = await signIn(t.app, "ops.mai", "Ops-mai-2026x");
    smtp.refused.add("root@example.com");
    // A reset asked from the demo brand's site: the link is still the default site's.
    await forgot(t, "admin", { agentCode: "LOTUS" });
    await expect
      .poll(async () => (await t.database.db.select().from(sysMail))[0]?.status, { timeout: 15_000 })
      .toBe("failed");
    const [failed] = await t.database.db.select().from(sysMail);
    expect(`${failed!.html}${failed!.text}`).not.toMatch(TOKEN);
    smtp.refused.delete("root@example.com");

    const again = await t.app.inject({
      method: "POST",
      url: `/prod-api/monitor/mail/${failed!.mailId}/resend`,
      headers: operator,
    });
    expect(again.json()).toMatchObject({ code: 200 });
    expect(again.body).not.toMatch(TOKEN);
    await expect.poll(() => smtp.to("root@example.com").length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.to("root@example.com")[0]!;
    expect(mail.text).toContain("http://localhost/cloud/reset-password?token=");
    const token = TOKEN.exec(mail.text)![1]!;
    // The operator reads the new mail in the log, without its link.
    const rows = (await t.app.inject({ url: "/prod-api/monitor/mail/list", headers: operator })).json().rows;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const opened = await t.app.inject({ url: `/prod-api/monitor/mail/${row.mailId}`, headers: operator });
      expect(opened.body).not.toContain(token);
    }
    // The owner's link works.
    const done = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/reset",
      payload: { token, password: "Lantern-river-2031" },
    });
    expect(done.statusCode).toBe(200);
    await signIn(t.app, "admin", "Lantern-river-2031");
  });
});
