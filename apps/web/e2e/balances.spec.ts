import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-balances-"));
const ADMIN_PASSWORD = "balances-admin-1";
const OPS_PASSWORD = "Second-ops-2026";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;
let opsToken: string;
let customerToken: string;

const { api, login } = serverApi(() => base);

/** The open modal (the adjust dialog, a confirmation) once its opening animation has ended; a drawer may be open behind it. */
async function settledModal(page: Page) {
  const modal = page.locator(".ant-modal-wrap:not([style*='display: none']) .ant-modal").last();
  await modal.waitFor();
  await expect.poll(() => modal.getAttribute("class")).not.toMatch(/ant-zoom-(appear|enter)/);
  return modal;
}

async function signedInPage(token: string, width: number, language = "en", path = "/business/balance") {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  await page.goto(`${base}${path}`);
  await hydrated(page);
  return { context, page, problems };
}

/** The customer's balance as they read it in Control center → Balance. */
const customerBalance = async () =>
  (
    await api<{ data: { accounts: { amount: number }[]; entries: { note: string | null }[] } }>("/control/balance", {
      token: customerToken,
    })
  ).data;

describe.skipIf(browserMissing)("Business → Balances in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "mai.linh", password: "Hue2026xyz", email: "mai@example.vn" } });
    customerToken = await login("mai.linh", "Hue2026xyz");
    adminToken = await login("admin", ADMIN_PASSWORD);
    const created = await api<{ code: number }>("/system/user", {
      token: adminToken,
      body: {
        userName: "second.ops",
        password: OPS_PASSWORD,
        nickName: "Second operator",
        status: "0",
        roleKeys: ["operator"],
      },
    });
    expect(created.code).toBe(200);
    opsToken = await login("second.ops", OPS_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adjusts a balance at once, holds a large one for a second operator, who confirms it", async () => {
    const { context, page, problems } = await signedInPage(adminToken, 1440);
    const row = page.locator("tr.ant-table-row", { hasText: "mai.linh" });
    await row.getByText("CN¥0.00").waitFor();

    // A small credit: posted at once, with its reason.
    await row.getByRole("button", { name: "Adjust" }).click();
    let dialog = await settledModal(page);
    await dialog.getByText("Adjustments above CN¥1,000.00 wait for a second operator to confirm them.").waitFor();
    await dialog.getByLabel("Amount").fill("50");
    await dialog.getByLabel("Reason").fill("Goodwill for the outage on 28 November");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("The adjustment is posted to the customer's balance").waitFor();
    await page.locator(".balance__figure", { hasText: "CN¥50.00" }).waitFor();

    // A large one, from the ledger's drawer (the row's Adjust opened it behind the dialog): held,
    // listed for a second operator; the one who asked cannot confirm it.
    await page.locator(".ant-drawer").getByRole("button", { name: "Adjust" }).click();
    dialog = await settledModal(page);
    await dialog.getByLabel("Amount").fill("2000");
    await dialog.getByLabel("Reason").fill("Prepaid by contract 2026-41");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText(/^Above CN¥1,000\.00, an adjustment needs a second operator/).waitFor();
    // Closed from the keyboard: the notice, centred at the top, lies over the drawer's close button
    // while it shows (and stays while the pointer is on it).
    await page.keyboard.press("Escape");
    await page.locator(".ant-drawer-content-wrapper").waitFor({ state: "hidden" });
    const pending = page.locator(".balances__pending");
    await pending.getByText("1 adjustment waiting for a second operator").waitFor();
    expect(await pending.getByRole("button", { name: "Confirm" }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${artifacts}balances-en-1440.png`, fullPage: true });
    expect((await customerBalance()).accounts).toEqual([{ currency: "CNY", amount: 5_000 }]);
    expect(problems).toEqual([]);
    await context.close();

    // The second operator confirms it.
    const second = await signedInPage(opsToken, 1440);
    const waiting = second.page.locator(".balances__pending");
    await waiting.getByText("Prepaid by contract 2026-41").waitFor();
    await waiting.getByRole("button", { name: "Confirm" }).click();
    const confirm = await settledModal(second.page);
    await confirm.getByText("Post +CN¥2,000.00 to the balance of mai.linh, as admin asked?").waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await second.page.getByText("Confirmed: the adjustment is posted to the customer's balance").waitFor();
    await waiting.waitFor({ state: "detached" });
    await second.page.locator("tr.ant-table-row", { hasText: "mai.linh" }).getByText("CN¥2,050.00").waitFor();

    // Its ledger, with both reasons; the customer reads them too.
    await second.page
      .locator("tr.ant-table-row", { hasText: "mai.linh" })
      .getByRole("button", { name: "Ledger" })
      .click();
    const drawer = second.page.locator(".ant-drawer");
    await drawer.getByText("Prepaid by contract 2026-41").waitFor();
    await drawer.getByText("Goodwill for the outage on 28 November").waitFor();
    const mine = await customerBalance();
    expect(mine.accounts).toEqual([{ currency: "CNY", amount: 205_000 }]);
    expect(mine.entries.map((entry) => entry.note)).toEqual([
      "Prepaid by contract 2026-41",
      "Goodwill for the outage on 28 November",
    ]);
    expect(second.problems).toEqual([]);
    await second.context.close();
  });

  it("refunds an order to the customer's balance from Business → Orders, and the balance shows it", async () => {
    const placed = await api<{ data: { orderNo: string; amount: number } }>("/order/trade/order/createOrder", {
      token: customerToken,
      body: {
        product: "ddos",
        configuration: "",
        action: "new",
        payMethod: "offline",
        idempotencyKey: "balances-e2e-1",
      },
    });
    const { orderNo } = placed.data;
    await api(`/order/trade/order/confirmOffline/${orderNo}`, { token: adminToken, body: {} });
    const { context, page, problems } = await signedInPage(adminToken, 1440, "en", "/business/order");
    const row = page.locator("tr.ant-table-row", { hasText: orderNo });
    await row.getByRole("button", { name: "Refund" }).click();
    const dialog = await settledModal(page);
    await dialog.getByLabel("The customer's balance (available at once)").check();
    await dialog.getByLabel("Note (optional)").fill("Credit instead of a bank transfer back");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await row.getByText("Refunded", { exact: true }).waitFor();
    await page.goto(`${base}/business/balance`);
    await page.locator("tr.ant-table-row", { hasText: "mai.linh" }).getByText("CN¥5,049.00").waitFor();
    const mine = await customerBalance();
    expect(mine.accounts).toEqual([{ currency: "CNY", amount: 504_900 }]);
    // The operator's note stays with the order; the customer reads a refund of that order.
    expect(mine.entries[0]).toMatchObject({ kind: "refund", reference: orderNo, note: null });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["zh-CN", 1440, "余额管理"],
    ["zh-TW", 1280, "餘額管理"],
    ["id", 390, "Saldo pelanggan"],
    ["vi", 390, "Số dư khách hàng"],
    ["en", 390, "Balances"],
  ] as const)("shows the balances and the adjust dialog in %s at %i px without overflow", async (language, width, title) => {
    const { context, page, problems } = await signedInPage(adminToken, width, language);
    await page.getByRole("heading", { name: title }).first().waitFor();
    const row = page.locator("tr.ant-table-row", { hasText: "mai.linh" });
    await row.waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}balances-${language}-${width}.png`, fullPage: true });
    await row.locator("button").last().click(); // Adjust
    await settledModal(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}balances-adjust-${language}-${width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
