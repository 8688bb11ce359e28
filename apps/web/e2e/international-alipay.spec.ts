import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AntomStandIn } from "../../server/src/testing/antom-stand-in.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage } from "./browser.ts";

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
    ADMIN_PASSWORD: "antom-admin-pass-1",
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

describe.skipIf(browserMissing)("International Alipay in Chromium", () => {
  it("takes a customer to Antom's cashier and shows the order paid once Antom has said so", async () => {
    const register = await fetch(`${base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "wong.kar", password: "Victoria2026x", email: "kar@example.hk" }),
    });
    expect(register.status).toBe(200);
    const { page, problems } = await openRecordedPage(browser!);
    // The cashier lives at Antom; here it is a page that says where the customer arrived.
    const cashier: string[] = [];
    await page.route("https://cashier.antom.example/**", (route) => {
      cashier.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<title>Antom</title><h1>Antom cashier</h1>" });
    });

    await page.goto(`${base}/cloud/login?${new URLSearchParams({ redirect: "/payOrder?product=ddos" })}`);
    await hydrated(page);
    await page.getByLabel("User name").fill("wong.kar");
    await page.getByLabel("Password").fill("Victoria2026x");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${base}/payOrder?product=ddos`);
    await hydrated(page);

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
});
