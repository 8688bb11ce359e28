import { randomUUID } from "node:crypto";
import { formatMoney } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizInvoice, sysSite, sysUser } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

// Invoices as a provider's customers and operators meet them: numbered per site without gaps,
// made out to the buyer's billing profile, written in the reader's language (Chinese included),
// attached to the receipt, a credit note for a refund.
const smtp = new MailCatcher();
let t: TestApp;
let demoSite = 0;
const as: Record<string, Record<string, string>> = {};

/** Intl's no-break spaces read back from a PDF as plain ones. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += `${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}\n`;
  }
  return spaced(text);
}

async function order(who: string): Promise<{ orderNo: string; amount: number; currency: string }> {
  const bought = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: as[who],
    payload: { product: "ddos", configuration: "", action: "new", payMethod: "offline", idempotencyKey: randomUUID() },
  });
  expect(bought.json().code, bought.body).toBe(200);
  return bought.json().data;
}
const pay = (orderNo: string) =>
  t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`, headers: as.admin });
const pdfOf = (who: string, invoiceNo: string, language: string) =>
  t.app.inject({
    url: `/prod-api/order/invoice/${invoiceNo}/pdf`,
    headers: { ...as[who], "accept-language": language },
  });

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  const db = t.database.db;
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  demoSite = demo!.siteId;
  await db
    .update(sysSite)
    .set({
      invoicePrefix: "LOT-",
      taxRateBp: 1100,
      billingAddress: "Jl. Sudirman 1, Jakarta",
      taxId: "01.234.567.8-901.000",
    })
    .where(eq(sysSite.siteId, demoSite));
  for (const [userName, email] of [
    ["wang.fang", "wang@example.cn"],
    ["tran.binh", "binh@example.vn"],
  ] as const) {
    await createUser(db, { userName, password: "Invoice-pass-2026", siteId: demoSite });
    await db.update(sysUser).set({ email }).where(eq(sysUser.userName, userName));
  }
  const demoHost = { host: "demo.localhost" };
  as.wang = {
    ...(await signIn(t.app, "wang.fang", "Invoice-pass-2026", demoHost)),
    ...demoHost,
    "accept-language": "zh-CN",
  };
  as.binh = {
    ...(await signIn(t.app, "tran.binh", "Invoice-pass-2026", demoHost)),
    ...demoHost,
    "accept-language": "vi",
  };
  // (The sign-in writes the language a moment later, batched: set here for the first mails.)
  await db.update(sysUser).set({ language: "vi" }).where(eq(sysUser.userName, "tran.binh"));
  await db.update(sysUser).set({ language: "zh-CN" }).where(eq(sysUser.userName, "wang.fang"));
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.lotus = await signInDemoSiteOperator(t.app, db);
  await createUser(db, { userName: "someone", password: "Someone-pass-2026" });
  as.someone = await signIn(t.app, "someone", "Someone-pass-2026");
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe("invoices", () => {
  it("numbers fifty payments of one site consecutively, without a gap or a duplicate", async () => {
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await order(i % 2 ? "wang" : "binh"));
    const paid = await Promise.all(orders.map((o) => pay(o.orderNo)));
    expect(paid.every((answer) => answer.statusCode === 200)).toBe(true);
    const numbers = (await t.database.db.select().from(bizInvoice).where(eq(bizInvoice.siteId, demoSite)))
      .map((invoice) => invoice.invoiceNo)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `LOT-${String(i + 1).padStart(6, "0")}`));
  });

  it("makes the PDF out to the buyer's billing profile, in Chinese and in Vietnamese, with text a machine can read", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/billing",
      headers: as.wang,
      payload: {
        billingName: "上海云盾网络科技有限公司",
        billingTaxId: "91310000MA1K4XXX7Q",
        billingAddress: "上海市浦东新区世纪大道 100 号",
        invoiceEmail: "finance@example.cn",
      },
    });
    expect(saved.json().msg).toBe("已保存，之后的发票将按此开具");
    await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/billing",
      headers: as.binh,
      payload: {
        billingName: "Công ty TNHH Sao Việt",
        billingTaxId: "0312345678",
        billingAddress: "",
        invoiceEmail: "",
      },
    });

    for (const [who, name, language] of [
      ["wang", "上海云盾网络科技有限公司", "zh-CN"],
      ["binh", "Công ty TNHH Sao Việt", "vi"],
    ] as const) {
      const bought = await order(who);
      await pay(bought.orderNo);
      const mine = await t.app.inject({ url: "/prod-api/order/trade/order/myOrders", headers: as[who] });
      const row = mine.json().rows.find((o: { orderNo: string }) => o.orderNo === bought.orderNo);
      expect(row.invoiceNo).toMatch(/^LOT-\d{6}$/);
      const pdf = await pdfOf(who, row.invoiceNo, language);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(row.invoiceNo);
      expect(text).toContain(name);
      expect(text).toContain(spaced(formatMoney({ minor: bought.amount, currency: bought.currency }, language)));
      expect(text).toContain(language === "zh-CN" ? "发票" : "Hóa đơn");
      // The tax the site's prices include (11 %), in that language's figures.
      expect(text).toContain(language === "zh-CN" ? "其中税额" : "trong đó thuế");
    }
  });

  it("lets only the invoice's customer and its site's operators read it", async () => {
    const [invoice] = await t.database.db.select().from(bizInvoice).where(eq(bizInvoice.invoiceNo, "LOT-000001"));
    const owner = invoice!.userId;
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, owner));
    const ownerKey = user!.userName === "wang.fang" ? "wang" : "binh";
    expect((await pdfOf(ownerKey, "LOT-000001", "en")).statusCode).toBe(200);
    expect((await pdfOf(ownerKey === "wang" ? "binh" : "wang", "LOT-000001", "en")).statusCode).toBe(404);
    expect((await pdfOf("someone", "LOT-000001", "en")).statusCode).toBe(404);
    expect((await pdfOf("lotus", "LOT-000001", "en")).statusCode).toBe(200);
    expect((await pdfOf("admin", "LOT-000001", "en")).statusCode).toBe(200);

    const listed = await t.app.inject({ url: "/prod-api/business/invoice/list?customer=wang", headers: as.lotus });
    expect(listed.json().total).toBeGreaterThan(0);
    const exported = await t.app.inject({ url: "/prod-api/business/invoice/export", headers: as.lotus });
    expect(exported.headers["content-type"]).toContain("spreadsheetml");
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("attaches the invoice to the payment's mail, and issues a credit note for a refund", async () => {
    const bought = await order("binh");
    await pay(bought.orderNo);
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes("binh@example.vn") && m.attachments.length > 0).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const mail = smtp.mails.find((m) => m.to.includes("binh@example.vn") && m.attachments.length > 0)!;
    expect(mail.attachments[0]).toMatchObject({
      contentType: "application/pdf",
      filename: expect.stringMatching(/^LOT-\d{6}\.pdf$/),
    });
    expect(await pdfText(mail.attachments[0]!.content)).toContain("Hóa đơn");

    const refunded = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/refundOrder/${bought.orderNo}`,
      headers: as.admin,
    });
    expect(refunded.statusCode).toBe(200);
    const all = await t.database.db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, bought.orderNo));
    const [credit] = all.filter((r) => r.kind === "credit_note");
    expect(credit).toMatchObject({ invoiceNo: "LOT-CN-000001", orderNo: bought.orderNo });
    const invoice = all.find((r) => r.kind === "invoice");
    expect(credit!.refersTo).toBe(invoice!.invoiceNo);
    const text = await pdfText((await pdfOf("binh", "LOT-CN-000001", "vi")).rawPayload);
    expect(text).toContain("Phiếu ghi có");
    expect(text).toContain(invoice!.invoiceNo);
  });
});
