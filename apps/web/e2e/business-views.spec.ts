import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-orders-"));
const ADMIN_PASSWORD = "orders-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;
let customerToken: string;
const orderNos: string[] = [];

const { api, login } = serverApi(() => base);

/** The status of an order as the server keeps it. */
const statusOf = async (orderNo: string) =>
  (
    await api<{ rows: { orderNo: string; status: string; handledBy: string | null; handledNote: string | null }[] }>(
      `/order/trade/order/list?orderNo=${orderNo}`,
      { token: adminToken },
    )
  ).rows[0];

describe.skipIf(browserMissing)("the business views in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "thu.ha", password: "Hue2026xyz", email: "thu@example.vn" } });
    const customer = await login("thu.ha", "Hue2026xyz");
    customerToken = customer;
    for (const [product, key] of [
      ["ddos", "orders-e2e-1"],
      ["waf", "orders-e2e-2"],
      ["cdn", "orders-e2e-3"],
    ] as const) {
      const created = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
        token: customer,
        body: { product, configuration: "", action: "new", payMethod: "offline", idempotencyKey: key },
      });
      orderNos.push(created.data.orderNo);
    }
    adminToken = await login("admin", ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openOrders(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/business/order`);
    await hydrated(page);
    await page.getByText("3 orders").waitFor();
    return page;
  }

  const row = (page: Page, orderNo: string) => page.locator("tr", { hasText: orderNo });

  it("lists the orders, finds one by its customer and product, and confirms its offline payment", async () => {
    const page = await openOrders();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(String(error)));
    expect(await page.locator("tbody tr.ant-table-row").count()).toBe(3);

    await page.getByLabel("Customer").fill("THU");
    await page.getByLabel("Product").click();
    await page.getByTitle("DDoS Protection").click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("1 order", { exact: true }).waitFor();
    const ddos = orderNos[0] ?? "";
    await row(page, ddos).getByRole("button", { name: "Confirm payment" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByText(`Mark order ${ddos} (CN¥2,999.00, thu.ha) as paid offline?`, { exact: false }).waitFor();
    await dialog.getByLabel("Note (optional)").fill("Bank transfer received 22 Nov");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText(`Order ${ddos} is paid`).waitFor();
    await row(page, ddos).getByText("Paid", { exact: true }).waitFor();
    expect(await statusOf(ddos)).toMatchObject({
      status: "paid",
      handledBy: "admin",
      handledNote: "Bank transfer received 22 Nov",
    });

    // Paid now: it can be refunded, no longer confirmed or closed.
    expect(await row(page, ddos).getByRole("button", { name: "Confirm payment" }).count()).toBe(0);
    await row(page, ddos).getByRole("button", { name: "Refund" }).click();
    const refund = await settledDialog(page);
    await refund.getByText(`Refund order ${ddos}`, { exact: false }).waitFor();
    // Paid by bank transfer: the operator returns it by hand (the default here), or credits the
    // customer's balance (balances.spec.ts walks that).
    const byHand = refund.getByLabel("The way it was paid (by hand: return the transfer yourself)");
    expect(await byHand.isChecked()).toBe(true);
    await refund.getByRole("button", { name: "Confirm" }).click();
    await row(page, ddos).getByText("Refunded", { exact: true }).waitFor();
    expect((await statusOf(ddos))?.status).toBe("refunded");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("closes an unpaid order, and a cancelled dialog changes nothing", async () => {
    const page = await openOrders();
    const waf = orderNos[1] ?? "";
    await row(page, waf).getByRole("button", { name: "Close" }).click();
    await (await settledDialog(page)).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" }); // it fades out
    expect((await statusOf(waf))?.status).toBe("unpaid");

    await row(page, waf).getByRole("button", { name: "Close" }).click();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await row(page, waf).getByText("Closed", { exact: true }).waitFor();
    expect(await statusOf(waf)).toMatchObject({ status: "closed", handledBy: "admin", handledNote: null });

    await page.getByLabel("Status").click();
    await page.getByTitle("Unpaid").click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("1 order", { exact: true }).waitFor();
    await row(page, orderNos[2] ?? "").waitFor();
    await page.context().close();
  });

  it("lets the customer see, pay offline and cancel their orders, and see their packages", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: customerToken, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/control/orders`);
    await hydrated(page);
    await page.getByText("3 orders").waitFor();
    const cdn = orderNos[2] ?? "";
    await row(page, cdn).getByRole("button", { name: "Pay" }).click();
    // No online channel here: the dialog says how to pay by bank transfer (this site gave no details:
    // its team will contact the customer).
    const payDialog = await settledDialog(page);
    await payDialog.getByText(`Order ${cdn} (`, { exact: false }).waitFor();
    await payDialog.getByText("will contact you shortly to arrange the payment", { exact: false }).waitFor();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await row(page, cdn).getByRole("button", { name: "Cancel" }).click();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await row(page, cdn).getByText("Closed", { exact: true }).waitFor();
    expect((await statusOf(cdn))?.status).toBe("closed");

    await page.goto(`${base}/control/services`);
    await page.getByText("1 package", { exact: true }).waitFor();
    const ddos = orderNos[0] ?? "";
    // The operator refunded it (first test): the package ended; nothing is left to renew or upgrade.
    await row(page, ddos).getByText("Terminated", { exact: true }).waitFor();
    expect(await row(page, ddos).getByRole("link", { name: "Renew" }).count()).toBe(0);
    expect(await row(page, ddos).getByRole("link", { name: "Upgrade" }).count()).toBe(0);
    await context.close();
  });

  it("lets an operator create a coupon, the engine naming what is missing first", async () => {
    const page = await openOrders();
    await page.goto(`${base}/business/coupon`);
    await page.getByText("5 coupons").waitFor();
    await page.getByRole("button", { name: "New coupon" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Code", { exact: true }).fill("AUTUMN50");
    await dialog.getByLabel("Name (English)").fill("¥50 off WAF renewals");
    await dialog.getByLabel("Discount", { exact: true }).fill("50");
    // The other names are labelled with the languages' own names, not their codes.
    await dialog.getByText("Names in other languages").click();
    await dialog.getByLabel("Tiếng Việt", { exact: true }).fill("Giảm ¥50 khi gia hạn WAF");
    await dialog.getByLabel("简体中文", { exact: true }).waitFor();
    expect(await dialog.getByLabel("vi", { exact: true }).count()).toBe(0);
    // The channels offer the sites' agent codes.
    await dialog.getByLabel("Channels (agent codes)").click();
    await page.getByTitle("LOTUS · Lotus Shield").click();
    await page.keyboard.press("Escape");
    // No currency for an amount: the engine's rule, checked before anything is sent.
    const currency = dialog.locator(".ant-select", { hasText: "CNY" });
    await currency.hover();
    await currency.locator(".ant-select-clear").click();
    await dialog.locator(".ant-select", { hasText: "CNY" }).waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Choose the currency of the amount").waitFor(); // the engine's rule, beside the field
    expect((await api<{ total: number }>("/order/coupon/list?code=AUTUMN50", { token: adminToken })).total).toBe(0);

    await dialog.getByLabel("Currency", { exact: true }).click();
    await page.getByTitle("CNY").click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Coupon AUTUMN50 is saved").waitFor();
    await page.locator("tr", { hasText: "AUTUMN50" }).getByText("CN¥50.00").waitFor();
    const saved = await api<{
      rows: { code: string; value: number; currency: string; agentCodes: string[]; name: Record<string, string> }[];
    }>("/order/coupon/list?code=AUTUMN50", { token: adminToken });
    expect(saved.rows[0]).toMatchObject({
      code: "AUTUMN50",
      value: 5000,
      currency: "CNY",
      agentCodes: ["LOTUS"],
      name: { vi: "Giảm ¥50 khi gia hạn WAF" },
    });
    await page.context().close();
  });

  it("lets an operator work a lead: contacted with a note, then approved, its history under its row", async () => {
    const applied = await fetch(`${base}/prod-api/lead/apply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Budi Santoso",
        email: "budi@toko.id",
        phone: "+62 21 555 0101",
        address: "Jl. Sudirman 1, Jakarta",
        content: "Please quote a WAF for our online store with 40 domains.",
        product: "waf",
      }),
    });
    expect(applied.status).toBe(200);
    const page = await openOrders();
    await page.goto(`${base}/business/lead`);
    await page.getByText("1 lead", { exact: true }).waitFor();
    const lead = page.locator("tr", { hasText: "Budi Santoso" });
    await lead.getByRole("button", { name: "Mark contacted" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Note (optional)").fill("Sent a quote for 40 domains");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await lead.getByText("Contacted", { exact: true }).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await lead.getByRole("button", { name: "Approve" }).click();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await lead.getByText("Approved", { exact: true }).waitFor();
    expect(await lead.getByRole("button", { name: "Approve" }).count()).toBe(0);

    await lead.getByRole("button", { name: /expand/i }).click();
    await page.getByText("Sent a quote for 40 domains").waitFor();
    await page.getByText("Contacted → Approved by admin").waitFor();
    const stored = await api<{ rows: { status: string; events: { byUser: string }[] }[] }>("/lead/list", {
      token: adminToken,
    });
    expect(stored.rows[0]).toMatchObject({ status: "approved", events: [{ byUser: "admin" }, { byUser: "admin" }] });
    await page.context().close();
  });

  it("keeps the operations column clear of the data at 1280 and 1440 px: My services in Vietnamese, Leads", async () => {
    await fetch(`${base}/prod-api/lead/apply`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "vi" },
      body: JSON.stringify({
        name: "Nguyễn Thị Thu Hà",
        email: "thu.ha.nguyen@congty-thuong-mai.example.vn",
        phone: "+84 28 7300 1234",
        address: "Tầng 12, 235 Nguyễn Văn Cừ, Quận 5, TP. Hồ Chí Minh",
        content: "Chúng tôi cần chống DDoS cho máy chủ game, xin báo giá gói doanh nghiệp.",
        product: "ddos",
      }),
    });
    for (const [token, path, language] of [
      [customerToken, "/control/services", "vi"],
      [adminToken, "/business/lead", "en"],
      [adminToken, "/business/lead", "vi"],
    ] as const) {
      for (const width of [1280, 1440]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.addCookies([
          { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
          { name: "uselang", value: language, domain: "localhost", path: "/" },
        ]);
        const page = await context.newPage();
        await page.goto(`${base}${path}`);
        await hydrated(page);
        const rows = page.locator("tbody tr.ant-table-row");
        await rows.first().waitFor();
        for (const row of await rows.all()) {
          const cells = row.locator(":scope > td");
          const count = await cells.count();
          const operations = await cells.nth(count - 1).boundingBox();
          const lastData = await cells.nth(count - 2).boundingBox();
          if (!operations || !lastData) throw new Error(`${path}: a row without cells`);
          // The last data column ends where the operations column begins, not under it.
          expect(lastData.x + lastData.width, `${path} ${language} ${width} px`).toBeLessThanOrEqual(operations.x + 1);
        }
        await context.close();
      }
    }
  }, 150_000); // four pages at two widths, each loaded afresh

  it("lets an operator suspend a package with a reason and unsuspend it, its history under its row; the customer sees it held", async () => {
    // The orders page counts three orders: this one is bought after it is open.
    const page = await openOrders();
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token: customerToken,
      body: {
        product: "waf",
        configuration: "",
        action: "new",
        payMethod: "offline",
        idempotencyKey: "services-e2e-1",
      },
    });
    const orderNo = bought.data.orderNo;
    await api(`/order/trade/order/confirmOffline/${orderNo}`, { token: adminToken, body: {} });

    await page.goto(`${base}/business/service`);
    const service = page.locator("tr", { hasText: orderNo });
    await service.getByText("Active", { exact: true }).waitFor();
    await service.getByRole("button", { name: "Suspend" }).click();
    let dialog = await settledDialog(page);
    await dialog.getByText("The customer is mailed the reason below", { exact: false }).waitFor();
    // No reason, no suspension.
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await dialog.getByText("Say why").waitFor();
    await dialog
      .getByLabel("Reason (kept in the history and sent to the customer)")
      .fill("Abuse report #77: phishing page");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await page.getByText("Suspended; the customer has been told why").waitFor();
    await service.getByText("Held by operator").waitFor();
    await service.getByText("Suspended", { exact: true }).waitFor();
    await page.screenshot({ path: `${artifacts}business-services-1440.png`, fullPage: true });

    // The customer's My services says who suspended it.
    const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await customer.addCookies([{ name: "Admin-Token", value: customerToken, domain: "localhost", path: "/" }]);
    const mine = await customer.newPage();
    await mine.goto(`${base}/control/services`);
    await mine.locator("tr", { hasText: orderNo }).getByText("Suspended by provider").waitFor();
    await mine.screenshot({ path: `${artifacts}my-services-held-390.png`, fullPage: true });
    await customer.close();

    await service.getByRole("button", { name: "Unsuspend" }).click();
    dialog = await settledDialog(page);
    await dialog.getByLabel("Reason (kept in the history)").fill("Page taken down by the customer");
    await dialog.getByRole("button", { name: "Unsuspend" }).click();
    await page.getByText("Unsuspended: served again until", { exact: false }).waitFor();
    await service.getByText("Active", { exact: true }).waitFor();
    expect(await service.getByText("Held by operator").count()).toBe(0);

    await service.getByRole("button", { name: /expand/i }).click();
    await page.getByText("Abuse report #77: phishing page").waitFor();
    await page.getByText("Page taken down by the customer").waitFor();
    await page.getByText("Suspended → Active").waitFor();
    await page.context().close();
  });

  it("lets the customer download an order's receipt and refund receipt, and an operator find both in Business → Billing documents", async () => {
    const ddos = orderNos[0] ?? ""; // paid, then refunded (first test)
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: customerToken, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/control/orders`);
    await hydrated(page);
    const order = row(page, ddos);
    const [invoice] = await Promise.all([
      page.waitForEvent("download"),
      order.getByRole("button", { name: "Receipt", exact: true }).click(),
    ]);
    // A site's documents are receipts unless it calls them commercial invoices (System → Sites).
    expect(invoice.suggestedFilename()).toMatch(/^Receipt INV-\d{6}\.pdf$/);
    const saved = await invoice.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");
    const [credit] = await Promise.all([
      page.waitForEvent("download"),
      order.getByRole("button", { name: "Refund receipt", exact: true }).click(),
    ]);
    expect(credit.suggestedFilename()).toMatch(/^Refund receipt INV-CN-\d{6}\.pdf$/);
    await context.close();

    const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await admin.addCookies([{ name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" }]);
    const operator = await admin.newPage();
    await operator.goto(`${base}/business/invoice`);
    // Every paid order's invoice, and the refund's credit note referring to its invoice.
    await operator.getByText("3 documents").waitFor();
    await operator
      .locator("tr", { hasText: "Refund receipt" })
      .getByText(`refers to ${invoice.suggestedFilename().replace("Receipt ", "").replace(".pdf", "")}`)
      .waitFor();
    await operator.screenshot({ path: `${artifacts}business-invoices-1440.png`, fullPage: true });
    await operator.context().close();
  });
});
