import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysMailTemplate, sysSite, sysUser } from "../../db/schema.ts";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37, items 13 and 14. A mark naming an inherited property (⟦toString⟧, ⟦constructor⟧) in a
 * template's text answered its preview with 500, and in a site's company name (a site-bound
 * operator's to change) broke every mail of the site and the enquiry forms with it. A link
 * placeholder saved in a subject put the live token in the mail log's list.
 */
let t: TestApp;
const smtp = new MailCatcher();
let admin: Record<string, string>;
let lotusOps: Record<string, string>;
let lotusId: number;
const BASE = "/prod-api/system/mailTemplate";

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  const { db } = t.database;
  lotusId = (await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS")))[0]!.siteId;
  await db.update(sysUser).set({ email: "root@example.com" }).where(eq(sysUser.userName, "admin"));
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  lotusOps = await signInDemoSiteOperator(t.app, db);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const draft = (over: Record<string, string> = {}) => ({
  subject: "Reset your {{company}} password",
  heading: "Reset your password",
  body: "Hello {{name}},\n\nThe button works for {{minutes}} minutes.",
  action: "Choose a new password",
  ...over,
});
const saveLotus = async (change: Record<string, string>, language: string) => {
  const list = (await t.app.inject({ url: "/prod-api/system/site/list", headers: lotusOps })).json().data;
  const { siteId, users, createTime, isDefault, ...body } = list.find((s: { siteId: number }) => s.siteId === lotusId);
  return t.app.inject({
    method: "PUT",
    url: `/prod-api/system/site/${siteId}`,
    headers: { ...lotusOps, "accept-language": language },
    payload: { ...body, ...change },
  });
};
const apply = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/lead/apply",
    headers: { host: "demo.localhost" },
    payload: {
      kind: "apply",
      product: "cdn",
      name: "Ngoc",
      email,
      phone: "0901234567",
      address: "Hanoi",
      content: "CDN for video",
    },
  });

describe("placeholder marks in texts", () => {
  it("in a template's text are refused with a message naming the field, never a 500", async () => {
    for (const body of ["Hello ⟦toString⟧ {{name}}", "Hi {{name}} ⟦constructor⟧ in {{minutes}}"]) {
      const preview = await t.app.inject({
        method: "POST",
        url: `${BASE}/password_reset/en/preview`,
        headers: { ...admin, "accept-language": "zh-TW" },
        payload: draft({ body }),
      });
      expect(preview.statusCode).toBe(400);
      expect(preview.json().msg).toBe("內文不能包含 ⟦ ⟧：郵件用這些符號標示填入內容的位置");
    }
    const saved = await t.app.inject({
      method: "PUT",
      url: `${BASE}/password_reset/en`,
      headers: { ...admin, "accept-language": "en" },
      payload: draft({ action: "Go ⟦link⟧" }),
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().msg).toBe("The button label cannot contain ⟦ ⟧: mails use these to mark where their values go");
  });

  it("in a site's company name or contact way are refused, in the caller's language", async () => {
    const company = await saveLotus({ company: "Lotus ⟦toString⟧" }, "vi");
    expect(company.statusCode).toBe(400);
    expect(company.json().msg).toBe(
      "Tên công ty không được chứa ⟦ ⟧ hoặc {{ }}: email dùng các ký hiệu này để đánh dấu chỗ điền giá trị",
    );
    const contact = await saveLotus({ contactWay: "call {{link}}" }, "id");
    expect(contact.statusCode).toBe(400);
    expect(contact.json().msg).toBe(
      "Cara menghubungi tidak boleh memuat ⟦ ⟧ atau {{ }}: email memakai tanda ini untuk menandai tempat nilainya",
    );
    expect((await t.database.db.select().from(sysSite).where(eq(sysSite.siteId, lotusId)))[0]!.company).toBe(
      "Lotus Shield",
    );
  });

  it("already in a site's company name break neither its mail nor its forms, nor a preview", async () => {
    // Written before marks were refused.
    await t.database.db
      .update(sysSite)
      .set({ company: "Lotus ⟦constructor⟧ ⟦toString⟧" })
      .where(eq(sysSite.siteId, lotusId));
    expect((await apply("ngoc@example.vn")).statusCode).toBe(200);
    await expect.poll(() => smtp.to("ngoc@example.vn").length, { timeout: 15_000 }).toBe(1);
    expect(smtp.to("ngoc@example.vn")[0]!.text).toContain("Lotus ⟦constructor⟧ ⟦toString⟧");
    const preview = await t.app.inject({
      method: "POST",
      url: `${BASE}/password_reset/en/preview`,
      headers: lotusOps,
      payload: draft(),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.subject).toBe("Reset your Lotus ⟦constructor⟧ ⟦toString⟧ password");
    await t.database.db.update(sysSite).set({ company: "Lotus Shield" }).where(eq(sysSite.siteId, lotusId));
  });
});

describe("a link placeholder in a subject", () => {
  it("is refused (400, in five languages), and a saved one shows no token in the mail log", async () => {
    const expected: Record<string, string> = {
      en: "The subject cannot contain {{link}}: a link belongs in the text or on the button, not in the subject every mailbox and log shows",
      "zh-CN": "邮件主题不能包含 {{link}}：链接应放在正文或按钮中，而不是放在所有收件箱和日志都会显示的主题里",
      "zh-TW": "郵件主旨不能包含 {{link}}：連結應放在內文或按鈕中，而不是放在所有收件匣和日誌都會顯示的主旨裡",
      id: "Subjek tidak boleh memuat {{link}}: tautan ditaruh di isi atau pada tombol, bukan di subjek yang terlihat di setiap kotak masuk dan log",
      vi: "Tiêu đề thư không được chứa {{link}}: liên kết nên đặt trong nội dung hoặc trên nút, không phải ở tiêu đề mà mọi hộp thư và nhật ký đều hiển thị",
    };
    for (const [language, msg] of Object.entries(expected)) {
      const saved = await t.app.inject({
        method: "PUT",
        url: `${BASE}/password_reset/en`,
        headers: { ...admin, "accept-language": language },
        payload: draft({ subject: "Your link: {{ link }}" }),
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().msg).toBe(msg);
    }
    expect((await t.app.inject({ url: `${BASE}/password_reset/en`, headers: admin })).json().data.customized).toBe(
      false,
    );

    // One saved before the rule: the mail log's list and the mail show the subject masked.
    await t.database.db
      .insert(sysMailTemplate)
      .values({ event: "password_reset", language: "en", ...draft({ subject: "Link {{link}}" }), updatedBy: "admin" });
    await t.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", payload: { account: "admin" } });
    // The administrator also hears of the leads above (no site has sales addresses here).
    const resets = () => smtp.to("root@example.com").filter((m) => m.subject.startsWith("Link "));
    await expect.poll(() => resets().length, { timeout: 15_000 }).toBe(1);
    expect(resets()[0]!.subject).toMatch(/token=[A-Za-z0-9_-]{20,}/);
    const [mail] = await t.database.db
      .select()
      .from(sysMail)
      .where(and(eq(sysMail.recipient, "root@example.com"), eq(sysMail.event, "password_reset")));
    const list = (await t.app.inject({ url: "/prod-api/monitor/mail/list", headers: admin })).json().rows;
    const opened = (await t.app.inject({ url: `/prod-api/monitor/mail/${mail!.mailId}`, headers: admin })).json().data;
    const row = list.find((r: { mailId: number }) => r.mailId === mail!.mailId);
    expect(`${row.subject}${opened.subject}`).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(row.subject).toContain("token=••••••");
  });
});
