import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

// Issue 38: the buyer was named by user name and the document was titled 发票 / "Hóa đơn" (a tax
// invoice Rampart does not issue). The order page asks for billing details when the customer has
// none and saves them to the profile; the document is a receipt, or a commercial invoice once the
// site says so in System → Sites, and the console names each one so.
const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-invoice-documents-"));
const ADMIN_PASSWORD = "documents-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;
let customerToken: string;

const { api, login } = serverApi(() => base);

async function pdfText(path: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), useSystemFonts: false }).promise;
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += `${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}\n`;
  }
  return text;
}

async function signedIn(
  token: string,
  language = "en",
  width = 1440,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  await context.addCookies([
    { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  // Two cores shared with other test runs: a page's load event can take longer than the default 30 s.
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  return { context, page: await context.newPage() };
}

/** Places an order from the order page with its "Order" button (settled offline); answers its number. */
async function placeOrder(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Place order", exact: true }).click();
  await page.waitForURL(/\/paySuccess\?orderNo=\d{18}$/, { waitUntil: "commit" });
  return new URL(page.url()).searchParams.get("orderNo") ?? "";
}

const confirmPaid = (orderNo: string) =>
  api(`/order/trade/order/confirmOffline/${orderNo}`, { token: adminToken, body: {} });

describe.skipIf(browserMissing)("receipts, commercial invoices and the billing details asked at checkout", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "minh.anh", password: "Hanoi2026xyz", email: "minh@example.vn" } });
    customerToken = await login("minh.anh", "Hanoi2026xyz");
    adminToken = await login("admin", ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let firstOrder = "";

  it("asks a customer without billing details for them on the order page, saves them, and makes the receipt out to them", async () => {
    const { context, page } = await signedIn(customerToken);
    await page.goto(`${base}/payOrder?product=ddos`);
    await hydrated(page);
    const billing = page.locator("fieldset.checkout-billing");
    await billing.getByText("Billing details").waitFor();
    await billing.getByText("(optional)", { exact: true }).waitFor();
    await billing.getByLabel("Name or company").fill("Công ty TNHH Minh Anh");
    await billing.getByLabel("Tax ID (optional)").fill("0101234567");
    await billing.getByLabel("Address").fill("15 Tràng Tiền, Hà Nội");
    await page.screenshot({ path: `${artifacts}checkout-billing-1440.png`, fullPage: true });
    firstOrder = await placeOrder(page);

    // Kept in the customer's profile (the personal center's Billing tab shows the same).
    const profile = await api<{ data: Record<string, string> }>("/system/user/profile/billing", {
      token: customerToken,
    });
    expect(profile.data).toEqual({
      billingName: "Công ty TNHH Minh Anh",
      billingTaxId: "0101234567",
      billingAddress: "15 Tràng Tiền, Hà Nội",
      invoiceEmail: "",
    });

    await confirmPaid(firstOrder);
    await page.goto(`${base}/control/orders`);
    await hydrated(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("tr", { hasText: firstOrder }).getByRole("button", { name: "Receipt", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Receipt INV-\d{6}\.pdf$/);
    const text = await pdfText(await download.path());
    expect(text).toContain("Receipt");
    expect(text).toContain("Công ty TNHH Minh Anh");
    expect(text).toContain("Tax ID: 0101234567");
    expect(text).toContain("This document is not a tax invoice");
    expect(text).not.toContain("minh.anh");

    // Next time the details are shown, not asked again; Edit opens them.
    await page.goto(`${base}/payOrder?product=waf`);
    await hydrated(page);
    const shown = page.getByTestId("billing-details");
    await shown.getByText("Công ty TNHH Minh Anh", { exact: true }).waitFor();
    await shown.getByText("Tax ID 0101234567 · 15 Tràng Tiền, Hà Nội", { exact: true }).waitFor();
    expect(await page.getByLabel("Name or company").count()).toBe(0);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    expect(await page.getByLabel("Name or company").inputValue()).toBe("Công ty TNHH Minh Anh");
    await context.close();
  });

  it("lets the administrator call a site's documents commercial invoices, and the console names each document so", async () => {
    const { context, page } = await signedIn(adminToken);
    await page.goto(`${base}/system/site`);
    await hydrated(page);
    await page.locator("tr", { hasText: "Every other host" }).getByRole("button", { name: "Edit" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByRole("button", { name: "Receipts and invoices" }).click();
    await dialog.getByText("Document issued for each payment").waitFor();
    await dialog.getByText("Neither is a tax invoice", { exact: false }).waitFor();
    await dialog.locator("label.ant-radio-button-wrapper", { hasText: "Commercial invoice" }).click();
    expect(await dialog.getByRole("radio", { name: "Commercial invoice" }).isChecked()).toBe(true);
    await dialog.screenshot({ path: `${artifacts}site-document-title-1440.png` });
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("has been saved", { exact: false }).waitFor();

    // The customer's next order gets a commercial invoice; the first keeps its receipt.
    const customer = await signedIn(customerToken);
    await customer.page.goto(`${base}/payOrder?product=waf`);
    await hydrated(customer.page);
    const second = await placeOrder(customer.page);
    await confirmPaid(second);
    await customer.page.goto(`${base}/control/orders`);
    await hydrated(customer.page);
    await customer.page
      .locator("tr", { hasText: second })
      .getByRole("button", { name: "Commercial invoice", exact: true })
      .waitFor();
    await customer.page
      .locator("tr", { hasText: firstOrder })
      .getByRole("button", { name: "Receipt", exact: true })
      .waitFor();
    await customer.context.close();

    await page.goto(`${base}/business/invoice`);
    await hydrated(page);
    await page.locator("tr", { hasText: second }).getByText("Commercial invoice", { exact: true }).waitFor();
    await page.locator("tr", { hasText: firstOrder }).getByText("Receipt", { exact: true }).waitFor();
    await context.close();

    // In Chinese: 收据 and 商业发票, never 发票 alone.
    const zh = await signedIn(adminToken, "zh-CN");
    await zh.page.goto(`${base}/business/invoice`);
    await hydrated(zh.page);
    await zh.page.locator("tr", { hasText: second }).getByText("商业发票", { exact: true }).waitFor();
    await zh.page.locator("tr", { hasText: firstOrder }).getByText("收据", { exact: true }).waitFor();
    await zh.page.screenshot({ path: `${artifacts}business-invoices-zh-CN-1440.png`, fullPage: true });
    await zh.context.close();
  });
});
