import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-webhooks-"));
const ADMIN_PASSWORD = "webhooks-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let platform: Server;
let platformUrl: string;
/** What the platform received: each delivery's event, id and whether its signature verified. */
const received: { type: string; id: string; raw: string; headers: Record<string, string> }[] = [];
/** The customer who bought a package in the first test. */
let customer = "";

const { api, login } = serverApi(() => base);

describe.skipIf(browserMissing)("System → Webhooks in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    platform = createServer((request, response) => {
      let raw = "";
      request.on("data", (chunk) => (raw += chunk));
      request.on("end", () => {
        received.push({
          type: (JSON.parse(raw) as { type: string }).type,
          id: String(request.headers["webhook-id"]),
          raw,
          headers: request.headers as Record<string, string>,
        });
        response.end("accepted");
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, "127.0.0.1", resolve));
    platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/rampart/events`;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      WEBHOOK_ALLOW_LOOPBACK: "true",
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => platform.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds an endpoint (refusing a private address), shows its secret once, and lists signed deliveries to replay", async () => {
    const admin = await login("admin", ADMIN_PASSWORD);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: admin, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/system/webhook`);
    await hydrated(page);
    await page.getByText("No endpoint yet: your platform hears of nothing").waitFor();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Address").fill("https://10.20.30.40/hook");
    await dialog.getByLabel("Note").fill("Edge platform");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("The address leads to 10.20.30.40, a private or reserved address", { exact: false }).waitFor();
    await dialog.getByLabel("Address").fill(platformUrl);
    await dialog.getByRole("button", { name: "Save" }).click();

    const shown = page.getByTestId("webhook-secret");
    await shown.waitFor();
    const secret = ((await shown.locator("code").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: `${artifacts}webhook-secret-1440.png` });
    await page.getByRole("button", { name: "I have copied it" }).click();
    await page.locator("tr", { hasText: platformUrl }).getByText("On", { exact: true }).waitFor();

    // A package bought and paid: the platform hears of it, signed with that secret.
    await api("/auth/register", { body: { username: "sari", password: "Surabaya-2026x", email: "sari@example.id" } });
    customer = await login("sari", "Surabaya-2026x");
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token: customer,
      body: { product: "ddos", configuration: "", action: "new", payMethod: "offline", idempotencyKey: "hooks-e2e-1" },
    });
    await api(`/order/trade/order/confirmOffline/${bought.data.orderNo}`, { token: admin, body: {} });
    await expect
      .poll(() => received.map((r) => r.type).sort(), { timeout: 20_000 })
      .toEqual(["order.paid", "service.created"]);
    for (const delivery of received)
      expect(() => new Webhook(secret).verify(delivery.raw, delivery.headers)).not.toThrow();

    await page.locator("tr", { hasText: platformUrl }).getByRole("button", { name: "Deliveries" }).click();
    const drawer = page.locator(".ant-drawer");
    const created = drawer.locator("tr", { hasText: "service.created" });
    await created.getByText("Delivered", { exact: true }).waitFor();
    await created.locator(".ant-table-row-expand-icon").click();
    await drawer.getByText("accepted").first().waitFor();
    await page.screenshot({ path: `${artifacts}webhook-deliveries-1440.png` });
    await created.getByRole("button", { name: "Send again" }).click();
    await page.getByText("Sent again: the new try shows in its history").waitFor();
    await expect.poll(() => received.filter((r) => r.type === "service.created").length, { timeout: 20_000 }).toBe(2);
    expect(new Set(received.filter((r) => r.type === "service.created").map((r) => r.id)).size).toBe(1);
    await context.close();
  });

  it("shows the customer a package being set up by the platform as that alone, not also as active", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([
      { name: "Admin-Token", value: customer, domain: "localhost", path: "/" },
      { name: "uselang", value: "zh-CN", domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}/control/services`);
    await hydrated(page);
    // The platform took service.created but has not called back: the set-up is under way.
    const state = page.locator("tbody tr.ant-table-row td").nth(2);
    await state.getByText("开通中", { exact: true }).waitFor();
    expect(await state.locator(".ant-tag").allTextContents()).toEqual(["开通中"]);
    await context.close();
  });
});
