import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../db/schema.ts";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { MAIL_EVENTS } from "./mail-texts.ts";

let t: TestApp;
const smtp = new MailCatcher();
let admin: Record<string, string>;
const BASE = "/prod-api/system/mailTemplate";

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  await t.database.db.update(sysUser).set({ email: "root@example.com" }).where(eq(sysUser.userName, "admin"));
  admin = { ...(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD)), "accept-language": "vi" };
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const draft = (over: Record<string, string> = {}) => ({
  subject: "Mật khẩu {{company}}: liên kết đặt lại",
  heading: "Đặt lại mật khẩu",
  body: "Chào {{name}},\n\nBấm nút bên dưới trong {{minutes}} phút để đặt mật khẩu mới. <b>Không</b> chia sẻ liên kết.",
  action: "Đặt mật khẩu mới",
  ...over,
});

describe("System → Mail templates", () => {
  it("lists every event in every language, the reader's language first", async () => {
    const list = (await t.app.inject({ url: `${BASE}/list`, headers: admin })).json();
    expect(list.total).toBe(Object.keys(MAIL_EVENTS).length * 5);
    expect(list.rows[0]).toMatchObject({ event: "password_reset", language: "vi", customized: false });
    expect(list.rows[0].subject).toBe("Đặt lại mật khẩu {{company}} của bạn");
  });

  it("refuses an unknown placeholder or a missing field with a message, and keeps nothing", async () => {
    const unknown = await t.app.inject({
      method: "PUT",
      url: `${BASE}/password_reset/vi`,
      headers: admin,
      payload: draft({ body: "Chào {{name}}, mã đơn {{orderNo}}." }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(
      "Biến giữ chỗ không hợp lệ {{orderNo}}: thư này có thể dùng {{name}} {{link}} {{minutes}} {{company}}",
    );
    const noLabel = await t.app.inject({
      method: "PUT",
      url: `${BASE}/password_reset/vi`,
      headers: admin,
      payload: draft({ action: "" }),
    });
    expect(noLabel.statusCode).toBe(400);
    const preview = await t.app.inject({
      method: "POST",
      url: `${BASE}/password_reset/vi/preview`,
      headers: admin,
      payload: draft({ subject: "{{secret}}" }),
    });
    expect(preview.statusCode).toBe(400);
    expect((await t.app.inject({ url: `${BASE}/password_reset/vi`, headers: admin })).json().data.customized).toBe(
      false,
    );
    expect((await t.app.inject({ url: `${BASE}/nothing_here/vi`, headers: admin })).statusCode).toBe(404);
  });

  it("previews a draft with sample values in a sandboxed page, and mails a test to the operator", async () => {
    const preview = await t.app.inject({
      method: "POST",
      url: `${BASE}/password_reset/vi/preview`,
      headers: admin,
      payload: draft(),
    });
    expect(preview.statusCode).toBe(200);
    const { subject, text, url } = preview.json().data;
    expect(subject).toBe("Mật khẩu Rampart Cloud: liên kết đặt lại");
    expect(text).toContain("Chào Nguyễn Văn An");
    // Markup is taken out: the text stays.
    expect(text.replace(/\s+/g, " ")).toContain("Không chia sẻ liên kết");
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("sandbox");
    expect(page.body).toContain("Đặt lại mật khẩu");
    expect(page.body).not.toContain("<b>");

    const test = await t.app.inject({
      method: "POST",
      url: `${BASE}/password_reset/vi/test`,
      headers: admin,
      payload: draft(),
    });
    expect(test.json().msg).toBe("Đã gửi thư thử đến root@example.com");
    await expect.poll(() => smtp.to("root@example.com").length, { timeout: 15_000 }).toBe(1);
    expect(smtp.to("root@example.com")[0]!.subject).toBe("Mật khẩu Rampart Cloud: liên kết đặt lại");
  });

  it("writes the next real mails with a saved text, and with the default again once reverted", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: `${BASE}/password_reset/vi`,
      headers: admin,
      payload: draft(),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ customized: true, updatedBy: "admin" });
    expect(saved.json().data.text.body).not.toContain("<b>");

    const forgot = () =>
      t.app.inject({
        method: "POST",
        url: "/prod-api/auth/password/forgot",
        headers: { "accept-language": "vi" },
        payload: { account: "admin" },
      });
    await forgot();
    await expect.poll(() => smtp.to("root@example.com").length, { timeout: 15_000 }).toBe(2);
    expect(smtp.to("root@example.com")[1]!.subject).toBe("Mật khẩu Rampart Cloud: liên kết đặt lại");
    // The other languages keep their own text.
    const en = (await t.app.inject({ url: `${BASE}/password_reset/en`, headers: admin })).json().data;
    expect(en.customized).toBe(false);

    const reverted = await t.app.inject({ method: "DELETE", url: `${BASE}/password_reset/vi`, headers: admin });
    expect(reverted.json().data.customized).toBe(false);
    await forgot();
    await expect.poll(() => smtp.to("root@example.com").length, { timeout: 15_000 }).toBe(3);
    expect(smtp.to("root@example.com")[2]!.subject).toBe("Đặt lại mật khẩu Rampart Cloud của bạn");
  });

  it("lets a site-bound operator read the templates but not change them for every site", async () => {
    const lotus = await signInDemoSiteOperator(t.app, t.database.db);
    expect((await t.app.inject({ url: `${BASE}/list`, headers: lotus })).statusCode).toBe(200);
    const change = await t.app.inject({
      method: "PUT",
      url: `${BASE}/password_reset/en`,
      headers: lotus,
      payload: draft(),
    });
    expect(change.statusCode).toBe(403);
  });
});
