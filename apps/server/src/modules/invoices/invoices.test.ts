import { randomUUID } from "node:crypto";
import { formatMoney } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizInvoice, sysSite, sysUser } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { pdfText, spaced } from "../../testing/pdf-text.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

// Invoices as a provider's customers and operators meet them: numbered per site without gaps,
// made out to the buyer's billing profile, written in the reader's language (Chinese included),
// called what the site calls them (a receipt by default, or a commercial invoice) and never a tax
// invoice, attached to the payment's mail, a refund's own document.
const smtp = new MailCatcher();
let t: TestApp;
let demoSite = 0;
const as: Record<string, Record<string, string>> = {};

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
    expect(saved.json().msg).toBe("已保存，之后的单据将按此开具");
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
      // A receipt (the site's default), which says it is not a tax invoice; never 发票 / "Hóa đơn" alone.
      expect(text).toContain(language === "zh-CN" ? "收据" : "Biên lai");
      expect(text).toContain(language === "zh-CN" ? "本单据不是增值税发票" : "không phải là hóa đơn giá trị gia tăng");
      expect(text.replace("增值税发票", "")).not.toContain(language === "zh-CN" ? "发票" : "Hóa đơn");
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
    expect(mail.subject).toMatch(/^Biên lai cho đơn hàng \d+ — Lotus Shield$/);
    expect(mail.attachments[0]).toMatchObject({
      contentType: "application/pdf",
      filename: expect.stringMatching(/^Biên lai LOT-\d{6}\.pdf$/),
    });
    expect(await pdfText(mail.attachments[0]!.content)).toContain("Biên lai");

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
    expect(text).toContain("Biên lai hoàn tiền");
    expect(text).toContain(`Theo biên lai: ${invoice!.invoiceNo}`);
  });

  it("calls a site's documents commercial invoices once the site says so, in every language, and never a tax invoice", async () => {
    const list = (await t.app.inject({ url: "/prod-api/system/site/list", headers: as.lotus })).json().data;
    const { siteId, users, createTime, isDefault, ...site } = list.find(
      (s: { siteId: number }) => s.siteId === demoSite,
    );
    expect(site.billing.documentTitle).toBe("receipt");
    const saved = await t.app.inject({
      method: "PUT",
      url: `/prod-api/system/site/${siteId}`,
      headers: as.lotus,
      payload: { ...site, billing: { ...site.billing, documentTitle: "commercial_invoice" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const bought = await order("wang");
    await pay(bought.orderNo);
    const mine = await t.app.inject({ url: "/prod-api/order/trade/order/myOrders", headers: as.wang });
    const row = mine.json().rows.find((o: { orderNo: string }) => o.orderNo === bought.orderNo);
    expect(row.documentTitle).toBe("commercial_invoice");
    const titles = {
      en: ["Commercial invoice", "This document is not a tax invoice"],
      "zh-CN": ["商业发票", "本单据不是增值税发票"],
      "zh-TW": ["帳單", "本單據並非統一發票"],
      id: ["Faktur komersial", "Dokumen ini bukan Faktur Pajak"],
      vi: ["Hóa đơn thương mại", "Chứng từ này không phải là hóa đơn giá trị gia tăng"],
    } as const;
    for (const [language, [title, notTax]] of Object.entries(titles)) {
      const pdf = await pdfOf("wang", row.invoiceNo, language);
      const text = await pdfText(pdf.rawPayload);
      expect(text, language).toContain(title);
      expect(text, language).toContain(notTax);
      expect(pdf.headers["content-disposition"]).toContain(
        `filename*=UTF-8''${encodeURIComponent(`${title} ${row.invoiceNo}.pdf`)}`,
      );
    }
    // The payment's mail names it too, in the customer's language.
    const paidMail = () =>
      smtp.mails.find(
        (m) => m.to.includes("wang@example.cn") && m.subject.includes(bought.orderNo) && m.attachments.length > 0,
      );
    await expect.poll(paidMail, { timeout: 20_000 }).toBeDefined();
    const mail = paidMail()!;
    expect(mail.subject).toBe(`订单 ${bought.orderNo} 的商业发票 — Lotus Shield`);
    expect(mail.attachments[0]?.filename).toBe(`商业发票 ${row.invoiceNo}.pdf`);

    // Documents already issued keep what they were called; Business → Invoices shows each one's.
    const earlier = mine
      .json()
      .rows.find(
        (o: { documentTitle: string | null; invoiceNo: string | null }) => o.documentTitle === "receipt" && o.invoiceNo,
      );
    expect(earlier, "a receipt of wang's issued before the change").toBeDefined();
    expect(await pdfText((await pdfOf("wang", earlier.invoiceNo, "en")).rawPayload)).toContain("Receipt");
    const listed = (
      await t.app.inject({ url: `/prod-api/business/invoice/list?number=${row.invoiceNo}`, headers: as.lotus })
    ).json().rows;
    expect(listed).toMatchObject([{ invoiceNo: row.invoiceNo, documentTitle: "commercial_invoice" }]);
  });

  it("names a buyer without billing details by their display name, and by the details they give at checkout", async () => {
    const db = t.database.db;
    await createUser(db, { userName: "le.hoa", password: "Invoice-pass-2026", siteId: demoSite });
    await db.update(sysUser).set({ nickName: "Lê Thị Hoa" }).where(eq(sysUser.userName, "le.hoa"));
    as.hoa = {
      ...(await signIn(t.app, "le.hoa", "Invoice-pass-2026", { host: "demo.localhost" })),
      host: "demo.localhost",
    };
    const invoiceOf = async () => {
      const bought = await order("hoa");
      await pay(bought.orderNo);
      const [invoice] = await db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, bought.orderNo));
      return invoice!;
    };
    const before = await invoiceOf();
    expect(before.snapshot.buyer).toMatchObject({ name: "Lê Thị Hoa", userName: "le.hoa", taxId: "", address: "" });

    // The order page's billing section saves to the profile (the invoice e-mail left as it is).
    const profile = (await t.app.inject({ url: "/prod-api/system/user/profile/billing", headers: as.hoa })).json().data;
    expect(profile).toEqual({ billingName: "", billingTaxId: "", billingAddress: "", invoiceEmail: "" });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/billing",
      headers: as.hoa,
      payload: {
        billingName: "Công ty TNHH Hoa Sen",
        billingTaxId: "0109876543",
        billingAddress: "12 Lý Thái Tổ, Hà Nội",
        invoiceEmail: profile.invoiceEmail,
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = await invoiceOf();
    const text = await pdfText((await pdfOf("hoa", after.invoiceNo, "vi")).rawPayload);
    expect(text).toContain("Công ty TNHH Hoa Sen");
    expect(text).toContain("Mã số thuế: 0109876543");
    expect(text).toContain("12 Lý Thái Tổ, Hà Nội");
    expect(text).not.toContain("le.hoa");
  });

  it("dates a document in its buyer's time zone, else its site's, as their mails: not in UTC", async () => {
    const db = t.database.db;
    await db.update(sysSite).set({ timeZone: "Asia/Jakarta" }).where(eq(sysSite.siteId, demoSite));
    const issuedTo = async (who: string) => {
      const bought = await order(who);
      await pay(bought.orderNo);
      return (await db.select().from(bizInvoice).where(eq(bizInvoice.orderNo, bought.orderNo)))[0]!;
    };
    // 16:30 UTC on 28 November: 23:30 that day in Jakarta, 00:30 on the 29th in Shanghai.
    const evening = "2026-11-28T16:30:00.000Z";
    const at = (invoice: typeof bizInvoice.$inferSelect) => ({
      ...invoice,
      issuedAt: new Date(evening),
      snapshot: { ...invoice.snapshot, paidAt: evening },
    });
    // A buyer who gave no zone: the site's.
    const binhs = await issuedTo("binh");
    expect(binhs.snapshot.timeZone).toBe("Asia/Jakarta");
    const inJakarta = await pdfText(await renderInvoicePdf(at(binhs), "en"));
    expect(inJakarta).toContain("Issued: November 28, 2026");
    expect(inJakarta).toContain("Paid at: November 28, 2026");
    // A buyer in Shanghai (their browser's zone at registration): theirs, the day their mail says.
    await db.update(sysUser).set({ timeZone: "Asia/Shanghai" }).where(eq(sysUser.userName, "wang.fang"));
    const wangs = await issuedTo("wang");
    expect(wangs.snapshot.timeZone).toBe("Asia/Shanghai");
    const inShanghai = await pdfText(await renderInvoicePdf(at(wangs), "zh-CN"));
    expect(inShanghai).toContain("2026年11月29日");
    expect(inShanghai).not.toContain("2026年11月28日");
    // A document issued before documents kept a zone is dated in its buyer's zone when read, not UTC.
    const { timeZone: _, ...older } = at(wangs).snapshot;
    await db
      .update(bizInvoice)
      .set({ issuedAt: new Date(evening), snapshot: older })
      .where(eq(bizInvoice.invoiceNo, wangs.invoiceNo));
    const read = await pdfText((await pdfOf("wang", wangs.invoiceNo, "zh-CN")).rawPayload);
    expect(read).toContain("2026年11月29日");
    expect(read).not.toContain("2026年11月28日");
  });
});
