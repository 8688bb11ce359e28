import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.ts";
import { sysUser } from "../../server/src/db/schema.ts";
import { postEntry } from "../../server/src/modules/balance/balance-ledger.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-balance-"));
const ADMIN_PASSWORD = "balance-admin-1";
const PASSWORD = "Hanoi-2026-x";
let server: ServerProcess;
let browser: Browser;
let base: string;

const { api, login } = serverApi(() => base);
const start = async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
  base = `http://localhost:${server.port}`;
};

async function signedInPage(token: string, path: string, width: number, language = "en") {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  await page.goto(`${base}${path}`);
  await hydrated(page);
  return { context, page, problems };
}

/** An unpaid order of the default DDoS package (CN¥2,999.00), placed through the API. */
async function unpaidOrder(token: string): Promise<string> {
  const answer = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
    token,
    body: {
      product: "ddos",
      configuration: "",
      action: "new",
      payMethod: "offline",
      idempotencyKey: crypto.randomUUID(),
    },
  });
  return answer.data.orderNo;
}

describe.skipIf(browserMissing)("the account balance in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await start();
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "lan", password: PASSWORD, email: "lan@example.vn" } });
    // The balance given as an operator's adjustment and a goodwill credit, posted the one way a
    // balance moves; the embedded database has one owner: the server stops meanwhile.
    await server.stop();
    const database = await openDatabase({ dataDir });
    const [lan] = await database.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, "lan"));
    const posting = { userId: lan!.userId, currency: "CNY", madeBy: "admin", now: new Date() };
    await postEntry(database.db, {
      ...posting,
      amount: 300_000,
      kind: "adjustment",
      reference: "ADJ-1",
      note: "Opening balance",
    });
    await postEntry(database.db, {
      ...posting,
      amount: 100_000,
      kind: "credit",
      reference: "GOODWILL-1",
      note: "Goodwill credit",
    });
    await database.close();
    await start();
    // Two starts of the server: more than the default hook time on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the balance and its ledger, filtered by kind, with a month's statement as CSV", async () => {
    const token = await login("lan", PASSWORD);
    const { context, page, problems } = await signedInPage(token, "/control/balance", 1440);
    await page.locator(".balance__figure").getByText("CN¥4,000.00").waitFor();
    const rows = page.locator(".list-view tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain("Credit");
    expect(await rows.nth(0).textContent()).toContain("+CN¥1,000.00");
    expect(await rows.nth(1).textContent()).toContain("Opening balance");
    // The menu has the page under Control center.
    await page
      .locator("a.side-menu__item")
      .filter({ hasText: /^Balance$/ })
      .waitFor();
    await page.screenshot({ path: `${artifacts}balance-en-1440.png`, fullPage: true });

    await page.locator("#balance-kind").click();
    await page.locator(".ant-select-item-option", { hasText: "Adjustment" }).click();
    await page.waitForURL(/kind=adjustment/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.nth(0).textContent()).toContain("ADJ-1");
    expect(await rows.nth(0).textContent()).toContain("+CN¥3,000.00");

    // The month's statement: every entry of it, whatever the type shown, headers in English. The
    // type's dropdown is gone first (while it fades out, it is the first open one).
    const openDropdowns = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
    await expect.poll(() => openDropdowns.count()).toBe(0);
    await page.locator("#balance-month").click();
    await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").first().click();
    await page.waitForURL(/month=\d{4}-\d{2}/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download statement (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^balance-statement-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(csv[0]).toMatch(/^Time \(.+\),Type,Reference,Currency,Amount,Balance after,Note$/);
    expect(csv[1]).toMatch(/,Adjustment,ADJ-1,CNY,3000\.00,3000\.00,Opening balance$/);
    expect(csv[2]).toMatch(/,Credit,GOODWILL-1,CNY,1000\.00,4000\.00,Goodwill credit$/);
    // And as a PDF, in English.
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download statement (PDF)" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^balance-statement-\d{4}-\d{2}-CNY\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // Top up: an amount in the site's currency and the channels this server takes (bank transfer here).
    await page.getByRole("button", { name: "Top up" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByText("Top up your balance").waitFor();
    await dialog.getByLabel("Amount").fill("500");
    await dialog.getByText("Bank transfer").waitFor();
    await dialog.getByText(/The balance is credited once Rampart Cloud confirms the transfer/).waitFor();
    await page.screenshot({ path: `${artifacts}balance-top-up-en-1440.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("saves the balance preferences: new packages renewing from it, and the low-balance alert", async () => {
    const token = await login("lan", PASSWORD);
    const { context, page, problems } = await signedInPage(token, "/control/balance", 1440);
    const panel = page.locator(".balance__preferences");
    // No package renews from the balance yet: the next 30 days of renewals cost nothing.
    await panel.getByText("What my renewals cost in the next 30 days (now CN¥0.00)").waitFor();
    await panel.getByRole("switch").click();
    await panel.locator("#balance-preferences_mode").click();
    await page.locator(".ant-select-item-option", { hasText: "An amount I choose" }).click();
    await panel.getByLabel("Amount").fill("250");
    await page.screenshot({ path: `${artifacts}balance-preferences-en-1440.png`, fullPage: true });
    await panel.getByRole("button", { name: "Save preferences" }).click();
    await page.getByText("Preferences saved").waitFor();
    const saved = await api<{ data: object }>("/control/balance/preferences", { token });
    expect(saved.data).toEqual({ autoRenewNew: true, lowBalance: { mode: "amount", amount: 25_000 }, renewalsDue: [] });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["vi", 390, "Số dư của bạn"],
    ["en", 390, "Your balance"],
    ["zh-CN", 1280, "账户余额"],
    ["zh-CN", 390, "账户余额"],
    ["vi", 1440, "Số dư của bạn"],
  ] as const)("shows the balance in %s at %i px without overflow", async (language, width, heading) => {
    const token = await login("lan", PASSWORD);
    const { context, page, problems } = await signedInPage(token, "/control/balance", width, language);
    await page
      .locator(".balance__figure")
      .getByText(/4[.,]000/)
      .waitFor();
    await page.getByText(heading, { exact: true }).waitFor();
    await expect.poll(() => page.locator(".list-view tbody tr.ant-table-row").count()).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}balance-${language}-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pays an order from the balance on the order page, and the ledger then shows the payment", async () => {
    const token = await login("lan", PASSWORD);
    const { context, page, problems } = await signedInPage(token, "/payOrder?product=ddos", 1280);
    const offer = page.getByTestId("balance");
    await offer.getByText("Account balance: CN¥4,000.00").waitFor();
    await page.screenshot({ path: `${artifacts}pay-order-balance-en-1280.png`, fullPage: true });
    await offer.getByRole("button", { name: "Pay from balance" }).click();
    await page.waitForURL(/\/paySuccess\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get("orderNo") ?? "";
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();

    await page.goto(`${base}/control/balance`);
    await hydrated(page);
    await page.locator(".balance__figure").getByText("CN¥1,001.00").waitFor();
    const payment = page.locator(".list-view tbody tr.ant-table-row", { hasText: orderNo });
    await payment.getByText("Payment").waitFor();
    await payment.getByText("-CN¥2,999.00").waitFor();
    expect(await payment.getByRole("link", { name: orderNo }).getAttribute("href")).toBe(
      `/paySuccess?orderNo=${orderNo}`,
    );
    await page.screenshot({ path: `${artifacts}balance-after-payment-en-1280.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says how much is missing for an order larger than the balance, with no usable button", async () => {
    const token = await login("lan", PASSWORD);
    const orderNo = await unpaidOrder(token);
    expect(orderNo).toMatch(/^\d+$/);
    for (const [language, width] of [
      ["en", 1440],
      ["vi", 390],
    ] as const) {
      const { context, page, problems } = await signedInPage(token, "/control/orders", width, language);
      const row = page.locator("tr.ant-table-row", { hasText: orderNo });
      await row.getByRole("button", { name: language === "en" ? "Pay" : "Thanh toán", exact: true }).click();
      const dialog = await settledDialog(page);
      await dialog
        .getByText(
          language === "en"
            ? "Your balance is CN¥1,998.00 short of this order."
            : /Số dư của bạn còn thiếu .*1\.998,00/,
        )
        .waitFor();
      const button = dialog.getByRole("button", {
        name: language === "en" ? "Pay from balance" : "Thanh toán bằng số dư",
      });
      expect(await button.isDisabled()).toBe(true);
      await page.screenshot({ path: `${artifacts}my-orders-pay-balance-short-${language}-${width}.png` });
      expect(problems).toEqual([]);
      await context.close();
    }

    const { context, page, problems } = await signedInPage(token, "/payOrder?product=ddos", 390, "zh-CN");
    const offer = page.getByTestId("balance");
    await offer.getByText(/余额不足，还差 .*1,998\.00/).waitFor();
    expect(await offer.getByRole("button", { name: "余额支付" }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${artifacts}pay-order-balance-short-zh-CN-390.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("downgrades a package from its price page, the difference for the days left going to the balance", async () => {
    const token = await login("lan", PASSWORD);
    const admin = await login("admin", ADMIN_PASSWORD);
    const placed = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token,
      body: {
        product: "ddos",
        configuration: "edition=advanced&bandwidth=200&duration=month-1",
        action: "new",
        payMethod: "offline",
        idempotencyKey: crypto.randomUUID(),
      },
    });
    const orderNo = placed.data.orderNo;
    expect(
      (await api<{ code: number }>(`/order/trade/order/confirmOffline/${orderNo}`, { token: admin, body: {} })).code,
    ).toBe(200);
    const before = await api<{ data: { accounts: { amount: number }[] } }>("/control/balance?pageSize=1", { token });
    const search = new URLSearchParams({ edition: "enterprise", bandwidth: "200", action: "upgrade", oid: orderNo });
    const { context, page, problems } = await signedInPage(token, `/ddosPrice?${search}`, 1440);
    // A month bought today: 27 to 30 whole days left of it; (6,499 − 3,499) a month for each 30 of them.
    const credit = page.getByTestId("downgrade-credit");
    // The server's figure, once it has answered.
    await credit.getByText(/CN¥/).waitFor();
    const shown = Number((await credit.textContent())?.replace(/[^\d.]/g, ""));
    expect(shown).toBeGreaterThanOrEqual(2_700);
    expect(shown).toBeLessThanOrEqual(3_000);
    await page.screenshot({ path: `${artifacts}downgrade-en-1440.png`, fullPage: true });
    await page.getByRole("button", { name: "Downgrade now" }).click();
    await page.getByText("The package will be smaller from now on. Continue?").waitFor();
    await page.getByRole("button", { name: "Yes, downgrade" }).click();
    await page
      .getByText(/^Your package is smaller from now on: CN¥[\d,.]+ for the \d+ days left is in your balance$/)
      .waitFor();
    const after = await api<{ data: { accounts: { amount: number }[] } }>("/control/balance?pageSize=1", { token });
    expect(after.data.accounts[0]!.amount - before.data.accounts[0]!.amount).toBe(Math.round(shown * 100));
    await page.getByRole("link", { name: "Open my balance" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
