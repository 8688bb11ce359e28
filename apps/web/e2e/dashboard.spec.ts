import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-dashboard-"));
const ADMIN_PASSWORD = "dashboard-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;
let customerToken: string;

const { api, login } = serverApi(() => base);

async function open(token: string, path: string, language: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  await context.addCookies([
    { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await page.locator(".e-chart canvas").first().waitFor();
  return page;
}

/** Exports the dashboard and returns the file's name and bytes. */
async function exportPdf(page: Page, button: string | RegExp): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("button", { name: button }).click(),
  ]);
  const path = join(dataDir, download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

describe.skipIf(browserMissing)("the dashboard in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "thu.ha", password: "Hue2026xyz", email: "thu@example.vn" } });
    customerToken = await login("thu.ha", "Hue2026xyz");
    adminToken = await login("admin", ADMIN_PASSWORD);
    // Three orders, two of them paid (100 and 300 Mbps of CDN), and one lead.
    for (const [i, configuration] of ["bandwidth=100", "bandwidth=300", ""].entries()) {
      const created = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
        token: customerToken,
        body: { product: "cdn", configuration, action: "new", payMethod: "offline", idempotencyKey: `dashboard-${i}` },
      });
      if (i < 2)
        await api(`/order/trade/order/confirmOffline/${created.data.orderNo}`, { token: adminToken, body: {} });
    }
    await api("/lead/apply", {
      body: {
        name: "Nguyen Van An",
        email: "an@example.vn",
        phone: "+84 912 345 678",
        address: "12 Tran Hung Dao, Hanoi",
        content: "Please call me about DDoS protection.",
        product: "ddos",
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows an operator every site's orders, payments and leads in charts, and saves the report as a PDF", async () => {
    const page = await open(adminToken, "/business/dashboard", "en");
    // The figures are the database's: the operators' order list counts the same orders.
    const orders = await api<{ total: number }>("/order/trade/order/list", { token: adminToken });
    await expect.poll(() => page.getByTestId("dashboard-orders").textContent()).toBe(String(orders.total));
    expect(await page.getByTestId("dashboard-paid").textContent()).toBe("2");
    expect(await page.getByTestId("dashboard-leads").textContent()).toBe("1");
    expect(await page.getByTestId("dashboard-bandwidth").textContent()).toBe("400 Mbps");
    expect(await page.locator(".dashboard__toolbar").getByText("All sites").count()).toBe(1);
    expect(await page.locator(".e-chart canvas").count()).toBe(4);

    const report = await exportPdf(page, "Export PDF");
    expect(report.name).toBe("Safety analysis report.pdf");
    expect(report.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(report.bytes.toString("latin1")).toContain("/Title (Safety analysis report)");
    // A4 portrait: 595.28 x 841.89 points.
    expect(report.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.2799\d* 841\.8899\d*\]/);
    await page.getByText("The report has been saved").waitFor();

    // A shorter period asks the server again.
    await page.getByText("Last 7 days").click();
    await expect.poll(() => page.getByTestId("dashboard-orders").textContent()).toBe("3");
  });

  it("tells the administrator the CNAME targets are still the shipped example, with a link to them, until set", async () => {
    const page = await open(adminToken, "/business/dashboard", "en");
    const warning = page.locator(".dashboard__setup");
    await warning.getByText("*.rampart-edge.example", { exact: false }).waitFor();
    await warning.getByRole("link", { name: "Set CNAME targets" }).click();
    await page.getByText("sys.domain.cname.cdn", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("configKey")).toBe("sys.domain.cname");

    const { data: settings } = await api<{ data: { configKey: string; configName: { en: string } }[] }>(
      "/system/config/list?keyPrefix=sys.domain.cname",
      { token: adminToken },
    );
    for (const setting of settings) {
      const product = setting.configKey.split(".").at(-1);
      const answer = await fetch(`${base}/prod-api/system/config/${setting.configKey}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          configName: { en: setting.configName.en },
          configValue: `{hash}.${product}.edge.lotus.vn`,
        }),
      });
      expect(answer.status).toBe(200);
    }
    const after = await open(adminToken, "/business/dashboard", "en");
    await after.getByTestId("dashboard-orders").waitFor();
    expect(await after.locator(".dashboard__setup").count()).toBe(0);
  });

  it("shows a customer their own orders and packages on the control center, without leads, in their language", async () => {
    const page = await open(customerToken, "/control/customer", "zh-CN", 390);
    await page.locator(".dashboard__toolbar").getByText("您的订单与套餐").waitFor();
    expect(await page.getByTestId("dashboard-orders").textContent()).toBe("3");
    expect(await page.getByTestId("dashboard-leads").count()).toBe(0);
    expect(await page.locator(".dashboard__setup").count()).toBe(0); // the settings are not theirs
    // Their money is what they spent, not revenue; they have no leads to chart.
    await page.locator(".figure__label", { hasText: /^支出$/ }).waitFor();
    await page.getByText("各产品支出", { exact: true }).waitFor();
    await page.getByText("每日订单", { exact: true }).waitFor();
    expect(await page.getByText(/收入|线索/).count()).toBe(0);
    const report = await exportPdf(page, "导出 PDF");
    expect(report.name).toBe("安全分析报告.pdf");
    expect(report.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
