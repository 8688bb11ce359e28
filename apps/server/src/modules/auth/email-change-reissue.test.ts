import { OPERATOR_ROLE } from "@rampart/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { EMAIL_VERIFICATION_SETTING } from "./email-verification.ts";

/**
 * A failed confirmation mail sent again from the mail log (security review): a change of address
 * is sent again only while it is still its account's latest request, and the operator is told an
 * address is already confirmed in words meant for them, not the customer's.
 */
let t: TestApp;
const smtp = new MailCatcher();
let operator: Record<string, string>;

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  await t.database.db
    .update(sysConfig)
    .set({ configValue: "true" })
    .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
  await createUser(t.database.db, { userName: "ops.thu", password: "Ops-thu-2026x", roles: [OPERATOR_ROLE] });
  operator = await signIn(t.app, "ops.thu", "Ops-thu-2026x");
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const TOKEN = /\/cloud\/verify-email\?token=([A-Za-z0-9_-]+)/;

/** A customer with a confirmed address, signed in. */
async function customer(userName: string, email: string) {
  await createUser(t.database.db, { userName, password: "Customer-2026-lake" });
  await t.database.db.update(sysUser).set({ email, emailVerifiedAt: new Date() }).where(eq(sysUser.userName, userName));
  return signIn(t.app, userName, "Customer-2026-lake");
}
const askFor = (who: { authorization: string }, email: string) =>
  t.app.inject({
    method: "PUT",
    url: "/prod-api/system/user/profile",
    headers: who,
    payload: { nickName: "Customer", email, phonenumber: "" },
  });
/** The mail of an event to an address, once it has failed (its SMTP server refused it). */
async function failed(recipient: string, event: string) {
  const row = async () =>
    (
      await t.database.db
        .select()
        .from(sysMail)
        .where(and(eq(sysMail.recipient, recipient), eq(sysMail.event, event)))
    )[0];
  await expect.poll(async () => (await row())?.status, { timeout: 15_000 }).toBe("failed");
  return (await row())!;
}
const sendAgain = (mailId: number, language = "en") =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/monitor/mail/${mailId}/resend`,
    headers: { ...operator, "accept-language": language },
  });
const confirm = (token: string) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/email/confirm", payload: { token } });

describe("a failed mail confirming a new address, sent again", () => {
  it("mails a new link while the change is the account's latest request", async () => {
    const an = await customer("an.pham", "an@example.vn");
    smtp.refused.add("an.new@example.vn");
    expect((await askFor(an, "an.new@example.vn")).statusCode).toBe(200);
    const mail = await failed("an.new@example.vn", "email_change");
    smtp.refused.delete("an.new@example.vn");

    expect((await sendAgain(mail.mailId)).json()).toMatchObject({ code: 200 });
    await expect.poll(() => smtp.to("an.new@example.vn").length, { timeout: 15_000 }).toBe(1);
    const token = TOKEN.exec(smtp.to("an.new@example.vn")[0]!.text)![1]!;
    expect((await confirm(token)).statusCode).toBe(200);
    const [an2] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "an.pham"));
    expect(an2!.email).toBe("an.new@example.vn");
  });

  it("refuses once the account asked for another address since, and mails nothing", async () => {
    const binh = await customer("binh.le", "binh@example.vn");
    smtp.refused.add("binh.first@example.vn");
    expect((await askFor(binh, "binh.first@example.vn")).statusCode).toBe(200);
    const mail = await failed("binh.first@example.vn", "email_change");
    smtp.refused.delete("binh.first@example.vn");
    // She changes her mind: another address.
    expect((await askFor(binh, "binh.second@example.vn")).statusCode).toBe(200);
    await expect.poll(() => smtp.to("binh.second@example.vn").length, { timeout: 15_000 }).toBe(1);

    const again = await sendAgain(mail.mailId);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(
      "No account is still waiting to change to the address binh.first@example.vn; no new link was sent",
    );
    const vi = await sendAgain(mail.mailId, "vi");
    expect(vi.json().msg).toBe(
      "Không còn tài khoản nào đang chờ đổi sang địa chỉ binh.first@example.vn; chưa gửi liên kết mới",
    );
    // No link reached the address she gave up; the one she asked for last still works.
    const rows = await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "binh.first@example.vn"));
    expect(rows).toHaveLength(1);
    expect(smtp.to("binh.first@example.vn")).toHaveLength(0);
    const token = TOKEN.exec(smtp.to("binh.second@example.vn")[0]!.text)![1]!;
    expect((await confirm(token)).statusCode).toBe(200);
    // Nor once she has the other one: the old request stays given up.
    expect((await sendAgain(mail.mailId)).statusCode).toBe(400);
    expect(smtp.to("binh.first@example.vn")).toHaveLength(0);
  });

  it("tells the operator an address already confirmed is, in their own words", async () => {
    const chi = await customer("chi.vo", "chi@example.vn");
    smtp.refused.add("chi.new@example.vn");
    expect((await askFor(chi, "chi.new@example.vn")).statusCode).toBe(200);
    const mail = await failed("chi.new@example.vn", "email_change");
    smtp.refused.delete("chi.new@example.vn");
    // She asked again herself and opened the link.
    expect((await askFor(chi, "chi.new@example.vn")).statusCode).toBe(200);
    await expect.poll(() => smtp.to("chi.new@example.vn").length, { timeout: 15_000 }).toBe(1);
    expect((await confirm(TOKEN.exec(smtp.to("chi.new@example.vn")[0]!.text)![1]!)).statusCode).toBe(200);

    const again = await sendAgain(mail.mailId);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe("This address is already confirmed");
    expect((await sendAgain(mail.mailId, "zh-TW")).json().msg).toBe("此電子郵件地址已經驗證");
    expect(smtp.to("chi.new@example.vn")).toHaveLength(1);
  });
});

describe("a failed mail confirming a registration's address, sent again", () => {
  it("tells the operator an address already confirmed is, in their own words", async () => {
    smtp.refused.add("dung@example.vn");
    const registered = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/register",
      payload: { username: "dung.ngo", password: "Hanoi-2026-river", email: "dung@example.vn" },
    });
    expect(registered.statusCode).toBe(200);
    const mail = await failed("dung@example.vn", "email_verification");
    smtp.refused.delete("dung@example.vn");
    const dung = await signIn(t.app, "dung.ngo", "Hanoi-2026-river");
    expect((await t.app.inject({ method: "POST", url: "/prod-api/auth/email/resend", headers: dung })).statusCode).toBe(
      200,
    );
    await expect.poll(() => smtp.to("dung@example.vn").length, { timeout: 15_000 }).toBe(1);
    expect((await confirm(TOKEN.exec(smtp.to("dung@example.vn")[0]!.text)![1]!)).statusCode).toBe(200);

    const again = await sendAgain(mail.mailId);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe("This address is already confirmed");
    expect((await sendAgain(mail.mailId, "id")).json().msg).toBe("Alamat ini sudah dikonfirmasi");
  });
});
