import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-monitoring-"));
let server: ServerProcess;
let browser: Browser;
let base: string;
/** The customer's website, on this machine (OUTBOUND_ALLOW_PRIVATE lets the server reach it). */
let website: Server;
let websiteUrl: string;

const { api, login } = serverApi(() => base);

describe.skipIf(browserMissing)("Control center → Monitoring in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    website = createServer((_request, response) => response.end("<h1>Kopi Nusantara</h1>"));
    await new Promise<void>((resolve) => website.listen(0, "127.0.0.1", resolve));
    websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "monitoring-admin-pass-1",
      CAPTCHA_ENABLED: "false",
      EMAIL_VERIFICATION: "false",
      OUTBOUND_ALLOW_PRIVATE: "true",
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => website.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a monitor, sees it up, and opens its chart", async () => {
    await api("/auth/register", { body: { username: "ayu", password: "Bandung-2027x", email: "ayu@example.id" } });
    const token = await login("ayu", "Bandung-2027x");
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/control/monitors`);
    await hydrated(page);
    await page.getByText("No monitors yet", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Add a monitor" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Name").fill("Kopi shop");
    // A name that leads nowhere is refused, saying so (private addresses are refused the same way
    // where OUTBOUND_ALLOW_PRIVATE is off: the server tests show it).
    await dialog.getByLabel("Address").fill("http://shop.nowhere.invalid/");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("shop.nowhere.invalid does not resolve to any address").waitFor();
    await dialog.getByLabel("Address").fill(websiteUrl);
    await dialog.getByLabel("Keyword").fill("Kopi Nusantara");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Checked at once: "Up" shows after a refresh or two.
    const row = page.locator("tr", { hasText: "Kopi shop" });
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return row.locator('[data-state="up"]').count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await page.screenshot({ path: `${artifacts}monitoring-list-1440.png` });

    await row.getByRole("button", { name: "Kopi shop" }).click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByText("Uptime 24 h").waitFor();
    await drawer.locator(".e-chart canvas").waitFor();
    expect(await drawer.locator(".monitor-figures").textContent()).toContain("100%");
    await drawer.getByText("No incidents in this range").waitFor();
    await page.screenshot({ path: `${artifacts}monitoring-report-1440.png` });
    await context.close();

    // On a phone, in Vietnamese.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.addCookies([
      { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
      { name: "uselang", value: "vi", domain: "localhost", path: "/" },
    ]);
    const small = await phone.newPage();
    await small.goto(`${base}/control/monitors`);
    await hydrated(small);
    await small.locator('[data-state="up"]', { hasText: "Hoạt động" }).waitFor();
    await small.screenshot({ path: `${artifacts}monitoring-list-vi-390.png` });
    await phone.close();
  });
});
