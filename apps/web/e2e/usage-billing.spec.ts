import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.ts";
import { sysUser } from "../../server/src/db/schema.ts";
import { PriceLists } from "../../server/src/modules/catalogue/price-lists.ts";
import { OrderStore } from "../../server/src/modules/orders/order-store.ts";
import { billOverages } from "../../server/src/modules/overage/overage-billing.ts";
import { addBuckets, addCdnService } from "../../server/src/testing/overage-test-data.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-usage-billing-"));
const ADMIN_PASSWORD = "usage-billing-admin-1";
const HOUR = 3_600_000;
let server: ServerProcess;
let browser: Browser;
let base: string;
let overageOrderNo = "";

const { api, login } = serverApi(() => base);
const start = async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
  base = `http://localhost:${server.port}`;
};

/** The first of this month and of the one before, in UTC (the default site's calendar). */
function months(now: Date) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { first, previous };
}

async function signedInPage(token: string, path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  await page.goto(`${base}${path}`);
  await hydrated(page);
  return { context, page, problems };
}

describe.skipIf(browserMissing)("usage and overage in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await start();
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "minh", password: "Hanoi-2026-x", email: "minh@example.vn" } });
    // Packages and their figures written as the platform's batches leave them (the ingest is
    // another test's); the embedded database has one owner: the server stops meanwhile.
    await server.stop();
    const database = await openDatabase({ dataDir });
    const db = database.db;
    const [minh] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, "minh"));
    const userId = minh!.userId;
    const now = new Date();
    const { first, previous } = months(now);
    // This month so far: 412 of 500 Mbps, and 150 of 100 Mbps (from a few hours after the month began).
    const from = new Date(Math.max(first.getTime() + HOUR, now.getTime() - 30 * HOUR)).toISOString();
    const within = await addCdnService(db, { name: "within", userId, bandwidth: 500, createdAt: previous });
    await addBuckets(db, within.serviceId, from, 40, 412);
    const over = await addCdnService(db, { name: "over", userId, bandwidth: 100, createdAt: previous });
    await addBuckets(db, over.serviceId, from, 40, 150);
    // Last month: 137.5 Mbps against 100 Mbps all month, billed by the monthly job.
    await addBuckets(db, over.serviceId, new Date(previous.getTime() + 2 * 86_400_000).toISOString(), 40, 137.5);
    const log = { info() {}, warn() {}, error() {} } as never;
    await billOverages({ db, priceLists: new PriceLists(database, 0), orders: new OrderStore(db), log }, now);
    await database.close();
    await start();
    const orders = await api<{ rows: { orderNo: string; action: string }[] }>("/order/trade/order/myOrders", {
      token: await login("minh", "Hanoi-2026-x"),
    });
    overageOrderNo = orders.rows.find((row) => row.action === "overage")?.orderNo ?? "";
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the customer this month's use against each package, with the overage it would cost", async () => {
    expect(overageOrderNo).not.toBe("");
    const customer = await login("minh", "Hanoi-2026-x");
    for (const width of [1440, 390]) {
      const { context, page, problems } = await signedInPage(customer, "/control/services", { width, height: 900 });
      const within = page.locator("tr", { hasText: "OVERAGE-within" });
      await within.getByText("412 of 500 Mbps at the 95th percentile so far").waitFor();
      await within.getByText("Within the package").waitFor();
      const over = page.locator("tr", { hasText: "OVERAGE-over" });
      await over.getByText("150 of 100 Mbps at the 95th percentile so far").waitFor();
      await over.getByText(/^Projected overage: CN¥\d/).waitFor();
      await page.screenshot({ path: `${artifacts}my-services-usage-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("shows the customer last month's overage order with the figures that made it, to pay and not to cancel", async () => {
    const customer = await login("minh", "Hanoi-2026-x");
    const { context, page, problems } = await signedInPage(customer, "/control/orders", { width: 1440, height: 900 });
    const row = page.locator("tr", { hasText: overageOrderNo });
    await row.getByText("Bandwidth overage").waitFor();
    await row.getByText(/137\.5 Mbps at the 95th percentile, 100 Mbps included; 37\.5 Mbps × CN¥3\.00/).waitFor();
    await row.getByText("CN¥112.50").waitFor();
    await row
      .getByRole("button", { name: "Pay" })
      .or(row.getByText("Pay", { exact: true }))
      .first()
      .waitFor();
    expect(await row.getByText("Cancel", { exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${artifacts}my-orders-overage-1440.png`, fullPage: true });
    await page.goto(`${base}/paySuccess?orderNo=${overageOrderNo}`);
    await hydrated(page);
    await page.getByText("Bandwidth beyond the package").waitFor();
    await page.getByText(/37\.5 Mbps × CN¥3\.00 per Mbps-month × (\d+)\/\1 days/).waitFor();
    await page.screenshot({ path: `${artifacts}overage-order-page-1440.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists the month by customer for the operators, and last month's overage order", async () => {
    const admin = await login("admin", ADMIN_PASSWORD);
    for (const width of [1440, 390]) {
      const { context, page, problems } = await signedInPage(admin, "/business/usage", { width, height: 900 });
      const rows = page.locator(".usage-billing tbody tr.ant-table-row", { hasText: "OVERAGE-" });
      await rows.first().waitFor();
      // Most overage first: the package above its commitment, then the one within it.
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain("OVERAGE-over");
      expect(await rows.nth(1).textContent()).toContain("OVERAGE-within");
      expect(await rows.nth(0).getByRole("link", { name: "Series of OVERAGE-over" }).getAttribute("href")).toBe(
        "/control/services/usage?oid=OVERAGE-over",
      );
      await page.screenshot({ path: `${artifacts}business-usage-${width}.png`, fullPage: true });

      // Last month: billed, and its overage order with the figures that made it.
      await page.locator("#usage-billing-month").click();
      await page.locator(".ant-select-item-option").nth(1).click();
      await page.getByText(overageOrderNo).waitFor();
      await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").waitFor({ state: "detached" });
      await page.getByText(/137\.5 Mbps at the 95th percentile, 100 Mbps included; 37\.5 Mbps × CN¥3\.00/).waitFor();
      await page.locator(".usage-billing tbody tr", { hasText: "OVERAGE-over" }).getByText("Billed").waitFor();
      await page.screenshot({ path: `${artifacts}business-usage-last-month-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
