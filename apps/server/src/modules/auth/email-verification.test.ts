import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysUser } from "../../db/schema.ts";
import { signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { EMAIL_VERIFICATION_SETTING } from "./email-verification.ts";

let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  // The tests' database leaves it off; a new installation has it on.
  await t.database.db
    .update(sysConfig)
    .set({ configValue: "true" })
    .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/register", headers, payload });
/** Opens a link (from another address than the file's other tests when told: ten a minute each). */
const confirm = (token: string, remoteAddress?: string) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/email/confirm", payload: { token }, remoteAddress });
const order = (headers: Record<string, string>, payload: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers,
    payload: {
      product: "ddos",
      configuration: "",
      action: "new",
      payMethod: "offline",
      idempotencyKey: randomUUID(),
      ...payload,
    },
  });
const linkIn = (text: string) =>
  /(https?:\/\/[^\s[\]]+\/cloud\/(?:verify-email|reset-password)\?token=)([A-Za-z0-9_-]+)/.exec(text);
/** Waits for the n-th mail of a kind (its subject) to an address and answers it. */
async function nthMail(address: string, n: number, subject: RegExp = /./) {
  const matching = () => smtp.to(address).filter((mail) => subject.test(mail.subject));
  await expect.poll(() => matching().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return matching()[n - 1]!;
}

describe("e-mail verification at registration", () => {
  it("mails a link on the site's domain; until it is opened the customer signs in but cannot order", async () => {
    const registered = await register(
      { username: "linh.tran", password: "Hanoi-2026-lake", email: "linh@example.vn" },
      { "accept-language": "vi", host: "evil.example", "x-forwarded-host": "evil.example" },
    );
    expect(registered.json()).toEqual({
      code: 200,
      msg: "Đăng ký thành công. Chúng tôi đã gửi liên kết đến linh@example.vn để xác nhận địa chỉ; bạn có thể đăng nhập ngay",
      data: { confirmTo: "linh@example.vn", resendToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) },
    });
    const mail = await nthMail("linh@example.vn", 1);
    expect(mail.subject).toBe("Xác nhận địa chỉ email của bạn tại Rampart Cloud");
    expect(mail.language).toBe("vi");
    const link = linkIn(mail.text)!;
    expect(link[1]).toBe("http://localhost/cloud/verify-email?token=");
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");

    const linh = { ...(await signIn(t.app, "linh.tran", "Hanoi-2026-lake")), "accept-language": "vi" };
    const refused = await order(linh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      msg: "Hãy xác nhận địa chỉ email trước khi đặt hàng: mở liên kết chúng tôi đã gửi đến linh@example.vn, hoặc gửi lại",
      data: { problem: "email_unverified" },
    });

    // Sent again on request (the first link still works), three links an hour at most.
    const resend = () => t.app.inject({ method: "POST", url: "/prod-api/auth/email/resend", headers: linh });
    expect((await resend()).json().msg).toBe(
      "Chúng tôi đã gửi liên kết xác nhận đến linh@example.vn; có hiệu lực trong 24 giờ",
    );
    expect((await resend()).statusCode).toBe(200);
    const third = await resend();
    expect(third.statusCode).toBe(429);
    expect(third.json().msg).toBe("Đã gửi ba liên kết trong một giờ; hãy đợi một lúc rồi yêu cầu lại");
    await nthMail("linh@example.vn", 3, /Xác nhận địa chỉ email/);

    const confirmed = await confirm(link[2]!);
    expect(confirmed.json()).toEqual({
      code: 200,
      msg: "Your e-mail address linh@example.vn is confirmed",
      data: { userName: "linh.tran" },
    });
    // Once only.
    const again = await confirm(link[2]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/expired, has been used/);
    expect((await order(linh)).statusCode).toBe(201);
    // Confirmed: nothing more to send.
    expect((await resend()).statusCode).toBe(400);
  });

  it("carries the order the visitor came from in the link, and sends it again from the page after registration", async () => {
    const back = "/payOrder?product=cdn&configuration=eyJwbGFuIjoicHJvIn0&coupon=SPRING";
    // Only a path of this site: never another host.
    for (const redirect of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/pay order"]) {
      const refused = await register({
        username: "bich.vo",
        password: "Hue-2026-river",
        email: "bich@example.vn",
        redirect,
      });
      expect(refused.statusCode).toBe(400);
    }
    const registered = await register({
      username: "bich.vo",
      password: "Hue-2026-river",
      email: "bich@example.vn",
      redirect: back,
    });
    expect(registered.statusCode).toBe(200);
    const { resendToken } = registered.json().data as { resendToken: string };
    const first = await nthMail("bich@example.vn", 1);
    const url = new URL(/(https?:\/\/[^\s[\]]+\/cloud\/verify-email\?[^\s[\]]+)/.exec(first.text)![1]!);
    expect(url.searchParams.get("redirect")).toBe(back);

    const resend = (token: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/prod-api/auth/email/resend-registration",
        headers,
        payload: { token, redirect: back },
        remoteAddress: "10.9.8.7",
      });
    const bogus = await resend("x".repeat(43), { "accept-language": "zh-CN" });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().msg).toBe("此页面已无法重新发送链接：请登录后在个人中心重新发送");
    expect((await resend(resendToken)).json().msg).toBe(
      "We sent a confirmation link to bich@example.vn; it works for 24 hours",
    );
    const second = await nthMail("bich@example.vn", 2);
    expect(
      new URL(/(https?:\/\/[^\s[\]]+\/cloud\/verify-email\?[^\s[\]]+)/.exec(second.text)![1]!).searchParams.get(
        "redirect",
      ),
    ).toBe(back);
    // The limits of a signed-in customer's resend: three links an hour.
    expect((await resend(resendToken)).statusCode).toBe(200);
    expect((await resend(resendToken)).statusCode).toBe(429);
    // The token names only its own account's link: once confirmed, nothing more to send.
    const token = /token=([A-Za-z0-9_-]+)/.exec(second.text)![1]!;
    expect((await confirm(token, "10.9.8.6")).json().data).toEqual({ userName: "bich.vo" });
  });

  it("keeps one account per address and site, and a phone-only customer adds an address to order", async () => {
    const taken = await register({ username: "linh.two", password: "Hanoi-2026-lake2", email: "LINH@example.vn" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toMatch(/already belongs to an account on this site/);
    // Another brand is another shop: the same address registers there.
    const elsewhere = await register(
      { username: "linh.demo", password: "Hanoi-2026-lake3", email: "linh@example.vn" },
      { host: "demo.localhost" },
    );
    expect(elsewhere.statusCode).toBe(200);

    expect(
      (await register({ username: "phone.only", password: "Phone-only-2026", phone: "0912345678" })).statusCode,
    ).toBe(200);
    const phoneOnly = await signIn(t.app, "phone.only", "Phone-only-2026");
    const refused = await order(phoneOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ problem: "email_needed_to_order" });

    // The setting turned off in System → Settings: the same session orders at once (every
    // process reloads what sessions carry when a setting changes).
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const setting = (value: string) =>
      t.app.inject({
        method: "PUT",
        url: `/prod-api/system/config/${EMAIL_VERIFICATION_SETTING}`,
        headers: admin,
        payload: { configName: { en: "Customers confirm their e-mail address before ordering" }, configValue: value },
      });
    expect((await setting("false")).statusCode).toBe(200);
    expect((await order(phoneOnly)).statusCode).toBe(201);
    expect((await setting("true")).statusCode).toBe(200);
    expect((await order(phoneOnly)).statusCode).toBe(403);
  });

  it("lets the owner of an address register when another account typed it and never confirmed it", async () => {
    // Someone registers with Hoa's address first; the link goes to her, and she does not open it.
    expect(
      (await register({ username: "squatter", password: "Squat-2026-lake", email: "hoa@example.vn" })).statusCode,
    ).toBe(200);
    const squattersLink = linkIn((await nthMail("hoa@example.vn", 1)).text)![2]!;

    const owner = await register({ username: "hoa.pham", password: "Hue-2026-citadel", email: "Hoa@example.vn" });
    expect(owner.statusCode).toBe(200);
    const ownersLink = linkIn((await nthMail("Hoa@example.vn", 1)).text)![2]!;
    // She proves the address: it is hers, and the other account loses it then (keeping everything
    // else, and still signing in), its link with it.
    expect((await confirm(ownersLink)).json().msg).toBe("Your e-mail address Hoa@example.vn is confirmed");
    const [squatter] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "squatter"));
    expect(squatter).toMatchObject({ email: "", emailVerifiedAt: null, status: "0" });
    await signIn(t.app, "squatter", "Squat-2026-lake");
    expect((await confirm(squattersLink)).statusCode).toBe(400);
    // Confirmed, the address is hers: it now keeps others from registering with it.
    const late = await register({ username: "squatter.two", password: "Squat-2026-again", email: "hoa@example.vn" });
    expect(late.statusCode).toBe(409);
  });

  it("leaves the address and the link of an owner who registered first to them when someone registers with it", async () => {
    // Minh registers and has not opened his link yet when someone registers with his address.
    expect(
      (await register({ username: "minh.vu", password: "Hanoi-2026-river", email: "minh@example.vn" })).statusCode,
    ).toBe(200);
    const minhsLink = linkIn((await nthMail("minh@example.vn", 1)).text)![2]!;
    const squatting = await register({ username: "minh.fake", password: "Fake-2026-river", email: "MINH@example.vn" });
    expect(squatting.statusCode).toBe(200);
    const squattersLink = linkIn((await nthMail("MINH@example.vn", 1)).text)![2]!;
    // Registering took nothing from him: his address and his link are as they were.
    const [minh] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "minh.vu"));
    expect(minh).toMatchObject({ email: "minh@example.vn", emailVerifiedAt: null });
    expect((await confirm(minhsLink, "198.51.100.21")).statusCode).toBe(200);
    // He proved it first: the other account loses it, and its link no longer works.
    const [fake] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "minh.fake"));
    expect(fake).toMatchObject({ email: "", emailVerifiedAt: null });
    expect((await confirm(squattersLink, "198.51.100.21")).statusCode).toBe(400);
  });

  it("refuses a link of another purpose, a made-up token, and changes nothing", async () => {
    expect((await confirm("x".repeat(43))).statusCode).toBe(400);
    const forgot = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      payload: { account: "linh.tran" },
    });
    expect(forgot.statusCode).toBe(200);
    const reset = await nthMail("linh@example.vn", 1, /Reset your/);
    const resetToken = linkIn(reset.text)![2]!;
    expect((await confirm(resetToken)).statusCode).toBe(400);
  });
});

describe("a new address in the profile", () => {
  it("is confirmed at the new address first, then the old one is told", async () => {
    const linh = { ...(await signIn(t.app, "linh.tran", "Hanoi-2026-lake")), "accept-language": "vi" };
    const asked = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile",
      headers: linh,
      payload: { nickName: "Linh", email: "linh.new@example.vn", phonenumber: "" },
    });
    expect(asked.json().msg).toMatch(/^Chúng tôi đã gửi liên kết đến linh\.new@example\.vn/);
    const [before] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "linh.tran"));
    expect(before).toMatchObject({ email: "linh@example.vn", nickName: "Linh" });

    const mail = await nthMail("linh.new@example.vn", 1);
    expect(mail.subject).toBe("Xác nhận địa chỉ email mới của bạn tại Rampart Cloud");
    expect((await confirm(linkIn(mail.text)![2]!)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "linh.tran"));
    expect(after!.email).toBe("linh.new@example.vn");
    expect(after!.emailVerifiedAt).not.toBeNull();
    // In the language she last signed in in.
    const notice = await nthMail("linh@example.vn", 1, /was changed/);
    expect(notice.subject).toBe("The e-mail address of your Rampart Cloud account was changed");
    expect(notice.text).toContain("linh.new@example.vn");
  });

  it("takes a free trial once per confirmed address, whichever account holds it", async () => {
    // Linh took nothing yet: her trial under the new address.
    const linh = await signIn(t.app, "linh.tran", "Hanoi-2026-lake");
    expect((await order(linh, { product: "waf", configuration: "edition=trial" })).statusCode).toBe(201);
    // She moves to a third address; a new account with the one that took the trial cannot take it again.
    await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile",
      headers: linh,
      payload: { nickName: "Linh", email: "linh.third@example.vn", phonenumber: "" },
    });
    expect(
      (await confirm(linkIn((await nthMail("linh.third@example.vn", 1, /new e-mail/)).text)![2]!)).statusCode,
    ).toBe(200);
    expect(
      (await register({ username: "linh.again", password: "Hanoi-2026-again", email: "linh.new@example.vn" }))
        .statusCode,
    ).toBe(200);
    const verify = await nthMail("linh.new@example.vn", 1, /^Confirm your e-mail/);
    expect((await confirm(linkIn(verify.text)![2]!)).statusCode).toBe(200);
    const again = await signIn(t.app, "linh.again", "Hanoi-2026-again");
    const refused = await order(again, { product: "waf", configuration: "edition=trial" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([{ field: "edition", code: "trial.used" }]);
  });
});

describe("free trials per mailbox", () => {
  /**
   * Registers, confirms the address through its link (from an address of its own: ten links a
   * minute per address), signs in and asks for the WAF trial.
   */
  async function trialAs(username: string, email: string) {
    expect((await register({ username, password: "Trial-2026-lotus", email })).statusCode).toBe(200);
    const mail = await nthMail(email, 1, /^Confirm your e-mail/);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/email/confirm",
      payload: { token: linkIn(mail.text)![2]! },
      remoteAddress: "192.0.2.90",
    });
    expect(confirmed.statusCode).toBe(200);
    return order(await signIn(t.app, username, "Trial-2026-lotus"), { product: "waf", configuration: "edition=trial" });
  }

  it("counts one trial per mailbox: sub-addresses and case are the same mailbox, and Gmail's dots", async () => {
    expect((await trialAs("mai.le", "Mai.Le@gmail.com")).statusCode).toBe(201);
    const again = await trialAs("mai.two", "maile+promo@googlemail.com");
    expect(again.statusCode).toBe(400);
    expect(again.json().data).toEqual([{ field: "edition", code: "trial.used" }]);

    expect((await trialAs("tuan", "tuan+1@example.vn")).statusCode).toBe(201);
    expect((await trialAs("tuan.two", "TUAN+2@example.vn")).statusCode).toBe(400);
    // Dots are part of the mailbox elsewhere than at Gmail.
    expect((await trialAs("tuan.three", "t.uan@example.vn")).statusCode).toBe(201);
  });
});

describe("invitations", () => {
  it("lets an operator create a user who chooses their own password through a mailed link", async () => {
    const admin = { ...(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD)), "accept-language": "zh-TW" };
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "mei.lin",
        nickName: "Mei",
        email: "mei@example.tw",
        status: "0",
        roleKeys: [],
        invite: true,
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().msg).toBe("帳號已建立，設定密碼的連結已寄到 mei@example.tw");
    const mail = await nthMail("mei@example.tw", 1);
    expect(mail.subject).toBe("您在 Rampart Cloud 的帳號已開通");
    expect(mail.text).toContain("mei.lin");
    const link = linkIn(mail.text)!;
    expect(link[1]).toMatch(/^http:\/\/localhost(:80)?\/cloud\/reset-password\?token=$/);
    const chosen = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/reset",
      payload: { token: link[2], password: "Taipei-101-tower" },
    });
    expect(chosen.statusCode).toBe(200);
    await signIn(t.app, "mei.lin", "Taipei-101-tower");
    const [mei] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "mei.lin"));
    expect(mei!.emailVerifiedAt).not.toBeNull();

    // Without an address there is nobody to invite; nothing is created.
    const noAddress = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: { userName: "no.mail", nickName: "No", status: "0", roleKeys: [], invite: true },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().msg).toBe("寄送邀請需要填寫使用者的電子郵件");
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "no.mail"))).toEqual([]);
    // Without invite, a password is still required.
    const noPassword = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: { userName: "no.pass", nickName: "No", status: "0", roleKeys: [] },
    });
    expect(noPassword.statusCode).toBe(400);
  });
});
