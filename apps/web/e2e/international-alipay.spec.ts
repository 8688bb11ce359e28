import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AntomStandIn } from "../../server/src/testing/antom-stand-in.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const ADMIN_PASSWORD = "antom-admin-pass-1";
const dataDir = mkdtempSync(join(tmpdir(), "rampart-antom-"));
const antom = new AntomStandIn();
let server: ServerProcess;
let base: string;
let browser: Browser | undefined;

beforeAll(async () => {
  await antom.start();
  const settings = antom.settings();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    CAPTCHA_ENABLED: "false",
    ADMIN_PASSWORD,
    ANTOM_CLIENT_ID: settings.clientId,
    ANTOM_PRIVATE_KEY: settings.privateKey,
    ANTOM_PUBLIC_KEY: settings.antomPublicKey,
    ANTOM_GATEWAY: settings.gateway,
  });
  base = `http://localhost:${server.port}`;
  if (!browserMissing) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await antom.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Registers a customer (then whatever the test arranges for them) and signs them in at the login
 * page, which leads to the DDoS order page; Antom's cashier has a stand-in page.
 */
async function customerAtOrderPage(username: string, password: string, email: string, arrange?: () => Promise<void>) {
  const register = await fetch(`${base}/prod-api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, email }),
  });
  expect(register.status).toBe(200);
  await arrange?.();
  const { page, problems } = await openRecordedPage(browser!);
  // The cashier lives at Antom; here it is a page that says where the customer arrived.
  const cashier: string[] = [];
  await page.route("https://cashier.antom.example/**", (route) => {
    cashier.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<title>Antom</title><h1>Antom cashier</h1>" });
  });
  await page.goto(`${base}/cloud/login?${new URLSearchParams({ redirect: "/payOrder?product=ddos" })}`);
  await hydrated(page);
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${base}/payOrder?product=ddos`);
  await hydrated(page);
  return { page, problems, cashier };
}

describe.skipIf(browserMissing)("International Alipay in Chromium", () => {
  it("takes a customer to Antom's cashier and shows the order paid once Antom has said so", async () => {
    const { page, problems, cashier } = await customerAtOrderPage("wong.kar", "Victoria2026x", "kar@example.hk");

    // Only International Alipay is configured: mainland Alipay says so and prompts to choose again.
    await page.getByLabel("Alipay", { exact: true }).check();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.getByText("Online payment is temporarily not supported").waitFor();
    expect(antom.calls).toHaveLength(0);

    await page.getByLabel("International Alipay").check();
    await page.getByText("Pay Now takes you to International Alipay").waitFor();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await page.getByRole("heading", { name: "Antom cashier" }).waitFor();
    const orderNo = new URL(cashier[0] ?? "").searchParams.get("paymentRequestId") ?? "";
    expect(orderNo).toMatch(/^\d{18}$/);
    const pay = antom.calls.find((call) => call.path === "/ams/api/v1/payments/pay");
    expect(pay).toMatchObject({ signed: true, body: { paymentAmount: { currency: "CNY", value: "299900" } } });

    // Antom tells the server the buyer paid; back from the cashier, the customer sees it.
    const message = antom.notification("/prod-api/order/pay/notify/antom", {
      orderNo,
      amount: 299_900,
      currency: "CNY",
    });
    const notified = await fetch(`${base}/prod-api/order/pay/notify/antom`, {
      method: "POST",
      headers: message.headers,
      body: message.body,
    });
    expect(await notified.json()).toEqual({
      result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
    });
    await page.goto(`${base}/paySuccess?${new URLSearchParams({ orderNo })}`);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("pays part of an order from the balance and asks Antom for the rest only", async () => {
    // An operator credits CN¥500.00 to the customer's balance (below the two-person threshold).
    const { api, login } = serverApi(() => base);
    const credit = async () => {
      const admin = await login("admin", ADMIN_PASSWORD);
      const listed = await api<{ rows: { userId: number }[] }>("/business/balance/list?customer=siti.rahma", {
        token: admin,
      });
      const credited = await api<{ code: number }>("/business/balance/adjust", {
        token: admin,
        body: {
          userId: listed.rows[0]!.userId,
          currency: "CNY",
          amount: 50_000,
          reason: "Welcome credit",
          idempotencyKey: "welcome-credit-siti",
        },
      });
      expect(credited.code).toBe(200);
    };
    const { page, problems, cashier } = await customerAtOrderPage(
      "siti.rahma",
      "Surabaya2026x",
      "siti@example.id",
      credit,
    );

    // The balance is short of the order: used for part of it unless the customer says no.
    await page.getByLabel("International Alipay").check();
    const part = page.getByLabel("Use my balance (CN¥500.00) and pay the rest (CN¥2,499.00) online");
    expect(await part.isChecked()).toBe(true);
    await part.uncheck();
    await page.getByRole("button", { name: "Pay Now", exact: true }).waitFor();
    await part.check();
    const calls = antom.calls.length;
    await page.getByRole("button", { name: "Pay CN¥2,499.00 now" }).click();
    await page.getByRole("heading", { name: "Antom cashier" }).waitFor();
    const orderNo = new URL(cashier.at(-1) ?? "").searchParams.get("paymentRequestId") ?? "";
    const pay = antom.calls.slice(calls).find((call) => call.path === "/ams/api/v1/payments/pay");
    expect(pay).toMatchObject({ body: { paymentAmount: { currency: "CNY", value: "249900" } } });

    const message = antom.notification("/prod-api/order/pay/notify/antom", {
      orderNo,
      amount: 249_900,
      currency: "CNY",
    });
    const notified = await fetch(`${base}/prod-api/order/pay/notify/antom`, {
      method: "POST",
      headers: message.headers,
      body: message.body,
    });
    expect((await notified.json()).result.resultCode).toBe("SUCCESS");
    await page.goto(`${base}/paySuccess?${new URLSearchParams({ orderNo })}`);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
    const facts = page.locator(".pay-result__facts");
    await facts.getByText("CN¥2,999.00").waitFor();
    await facts.getByText("Paid from your balance").waitFor();
    await facts.getByText("CN¥500.00").waitFor();
    expect(problems).toEqual([]);
  });
});
