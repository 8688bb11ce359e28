import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37 (review of item 1): the mail log masked a one-time link in the mail but showed the SMTP
 * server's last answer as it came, and a spam filter's refusal quotes the mail's link, token and all.
 */
let t: TestApp;
const smtp = new MailCatcher();
const LIVE_TOKEN = /token=[A-Za-z0-9_-]{20,}/;

beforeAll(async () => {
  await smtp.start();
  smtp.spamRefused.add("vy@example.vn");
  t = await openTestApp({ smtpUrl: smtp.url });
  await createUser(t.database.db, { userName: "vy.le", password: "Vy-le-2026-hue" });
  await t.database.db
    .update(sysUser)
    .set({ email: "vy@example.vn", emailVerifiedAt: new Date() })
    .where(eq(sysUser.userName, "vy.le"));
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const kept = async () => (await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "vy@example.vn")))[0];

describe("the SMTP server's answer in the mail log", () => {
  it("never shows a one-time link the answer quotes, kept or shown", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      payload: { account: "vy.le" },
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(async () => (await kept())?.status, { timeout: 15_000 }).toBe("failed");
    const row = (await kept())!;
    expect(row.lastResponse).toContain("Rejected as spam");
    expect(row.lastResponse).toContain("/cloud/reset-password?token=••••••");
    expect(row.lastResponse).not.toMatch(LIVE_TOKEN);

    // A row kept before the answer was masked is masked as it is shown.
    const quoted = `554 5.7.1 Rejected as spam: http://localhost/cloud/reset-password?token=${"a".repeat(43)}`;
    await t.database.db.update(sysMail).set({ lastResponse: quoted }).where(eq(sysMail.mailId, row.mailId));
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const list = await t.app.inject({ url: "/prod-api/monitor/mail/list?pageSize=50", headers: admin });
    const listed = list.json().rows.find((r: { mailId: number }) => r.mailId === row.mailId);
    expect(listed.lastResponse).toContain("token=••••••");
    const opened = await t.app.inject({ url: `/prod-api/monitor/mail/${row.mailId}`, headers: admin });
    expect(opened.json().data.lastResponse).toContain("token=••••••");
    expect(`${list.body}${opened.body}`).not.toMatch(LIVE_TOKEN);
  });
});
