import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.ts";
import { bizService } from "../../server/src/db/schema.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-service-life-"));
const ADMIN_PASSWORD = "service-life-admin-1";
const DAY = 86_400_000;
let server: ServerProcess;
let browser: Browser;
let base: string;
let orderNo: string;

const { api, login } = serverApi(() => base);
const start = async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
  base = `http://localhost:${server.port}`;
};

/** The customer's My services page in a browser of its own, signed in with their session. */
async function myServices(token: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${base}/control/services`);
  await hydrated(page);
  return { context, page };
}

describe.skipIf(browserMissing)("a suspended package in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await start();
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "dewi", password: "Bandung-2026x", email: "dewi@example.id" } });
    const customer = await login("dewi", "Bandung-2026x");
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token: customer,
      body: { product: "ddos", configuration: "", action: "new", payMethod: "offline", idempotencyKey: "life-e2e-1" },
    });
    orderNo = bought.data.orderNo;
    await api(`/order/trade/order/confirmOffline/${orderNo}`, {
      token: await login("admin", ADMIN_PASSWORD),
      body: {},
    });
    // Forty days on, unpaid: what the schedule leaves (moved by the lifecycle's own test, with its
    // clock). Its renewal order, made a week before the expiry, waits unpaid: made here as the
    // schedule makes it, so that the schedule, which runs every five minutes and makes a renewal
    // for a suspended package that has none, has nothing to add while this test runs.
    await api("/order/trade/order/createOrder", {
      token: customer,
      body: {
        product: "ddos",
        configuration: "",
        action: "renew",
        serviceOrderNo: orderNo,
        payMethod: "offline",
        idempotencyKey: "life-e2e-renewal",
      },
    });
    // Expired ten days into its suspension. The embedded database has one owner: stopped.
    await server.stop();
    const database = await openDatabase({ dataDir });
    const expired = new Date(Date.now() - 13 * DAY);
    await database.db
      .update(bizService)
      .set({ state: "suspended", expiresAt: expired, suspendedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(bizService.orderNo, orderNo));
    await database.close();
    await start();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the customer why it is suspended, takes the renewal, and has it back once paid", async () => {
    const customer = await login("dewi", "Bandung-2026x");
    const { context, page } = await myServices(customer, { width: 390, height: 844 });
    const service = page.locator("tr", { hasText: orderNo });
    await service.getByText("Suspended", { exact: true }).waitFor();
    await page.screenshot({ path: `${artifacts}my-services-suspended-390.png`, fullPage: true });

    // The package leads to its waiting renewal among the orders.
    await service.getByRole("link", { name: "Pay the renewal" }).click();
    await page.waitForURL(/\/control\/orders/);
    await hydrated(page);
    const renewal = await api<{ rows: { orderNo: string; action: string; status: string }[] }>(
      "/order/trade/order/myOrders",
      { token: customer },
    );
    const waiting = renewal.rows.find((row) => row.action === "renew" && row.status === "unpaid");
    if (!waiting) throw new Error("no renewal order waits for payment");
    await page.getByText(waiting.orderNo).first().waitFor();

    // The provider's team settles it (offline): the package is active again at once.
    const admin = await login("admin", ADMIN_PASSWORD);
    await api(`/order/trade/order/confirmOffline/${waiting.orderNo}`, { token: admin, body: {} });
    await page.goto(`${base}/control/services`);
    await service.getByText("Active", { exact: true }).waitFor();
    await page.screenshot({ path: `${artifacts}my-services-renewed-390.png`, fullPage: true });
    await context.close();
  });

  it("lets the customer renew an active package themselves: its upgrade page, the order page, an order", async () => {
    const customer = await login("dewi", "Bandung-2026x");
    const second = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token: customer,
      body: { product: "ddos", configuration: "", action: "new", payMethod: "offline", idempotencyKey: "life-e2e-2" },
    });
    const oid = second.data.orderNo;
    await api(`/order/trade/order/confirmOffline/${oid}`, { token: await login("admin", ADMIN_PASSWORD), body: {} });

    const { context, page } = await myServices(customer, { width: 1440, height: 900 });
    const service = page.locator("tr", { hasText: oid });
    await service.getByText("Active", { exact: true }).waitFor();
    await service.getByRole("link", { name: "Renew", exact: true }).click();

    await page.waitForURL(new RegExp(`/upgrade\\?oid=${oid}`));
    await hydrated(page);
    await page.getByRole("link", { name: "Renew", exact: true }).click();
    await page.waitForURL(/\/payOrder\?.*action=renew/);
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe(`Renewal of package ${oid}`);
    await page.screenshot({ path: `${artifacts}renewal-order-1440.png`, fullPage: true });
    await page.getByRole("button", { name: "Place order", exact: true }).click();
    await page.waitForURL(/\/paySuccess\?orderNo=/);
    const resultUrl = page.url();
    await page.getByRole("heading", { name: "Order placed" }).waitFor();

    // The renewal waits for payment: the package now says so, and offers no second one.
    const orders = await api<{ rows: { orderNo: string; action: string; status: string }[] }>(
      "/order/trade/order/myOrders",
      { token: customer },
    );
    const renewal = orders.rows.find((row) => row.action === "renew" && row.status === "unpaid");
    expect(renewal).toBeDefined();
    expect(resultUrl).toContain(renewal!.orderNo);
    await page.goto(`${base}/upgrade?oid=${oid}`);
    await page.getByText("A renewal or upgrade of this package is waiting for payment.").waitFor();
    expect(await page.getByRole("link", { name: "Renew", exact: true }).count()).toBe(0);
    await context.close();
  });
});
