import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AcmeTestCa, freePort, pebbleMissing } from "../../server/src/testing/acme-test-ca.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-domains-"));
const ADMIN_PASSWORD = "domains-admin-pass-1";
// The test's DNS server (Pebble's challenge test server), where the customer "sets" her CNAME.
const dns = new AcmeTestCa();
let server: ServerProcess;
let browser: Browser;
let base: string;

const { api, login } = serverApi(() => base);

describe.skipIf(browserMissing || pebbleMissing)("a package's domains in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await dns.start(await freePort());
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      OUTBOUND_ALLOW_PRIVATE: "true",
      DNS_SERVERS: dns.dnsServer,
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dns.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds a domain to a CDN package, points its CNAME, verifies it and reads its go-live check", async () => {
    await api("/auth/register", { body: { username: "hana", password: "Jakarta-2027x", email: "hana@example.id" } });
    const token = await login("hana", "Jakarta-2027x");
    const admin = await login("admin", ADMIN_PASSWORD);
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token,
      body: {
        product: "cdn",
        configuration: "edition=mainland&domains=5",
        action: "new",
        payMethod: "offline",
        idempotencyKey: "domains-e2e-1",
      },
    });
    await api(`/order/trade/order/confirmOffline/${bought.data.orderNo}`, { token: admin, body: {} });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/control/services`);
    await hydrated(page);
    await page.getByRole("link", { name: "Domains" }).click();
    await page.getByText("No domains on this package yet").waitFor();
    await expect.poll(() => page.locator('[data-quota="domains"]').textContent()).toBe("0 of 5");

    await page.getByLabel("Domain").fill("shop.batik.example");
    await page.getByRole("button", { name: "Add a domain" }).click();
    const row = page.locator("tr", { hasText: "shop.batik.example" });
    await row.locator('[data-state="pending"]').waitFor();
    const target = ((await row.locator(".cname-target code").textContent()) ?? "").trim();
    expect(target).toMatch(/\.cdn\.rampart-edge\.example$/);

    await dns.setCname("shop.batik.example", target);
    await row.getByRole("button", { name: "Verify" }).click();
    await page.getByText("The CNAME points here: the domain is active").waitFor();
    await row.locator('[data-state="active"]').waitFor();

    await row.getByRole("button", { name: "Go-live check" }).click();
    const drawer = page.locator(".ant-drawer");
    await drawer.locator('[data-item="cname"][data-ok="true"]').waitFor();
    await drawer.locator('[data-item="icp"][data-ok="false"]').waitFor();
    expect(await drawer.locator('[data-item="icp"]').textContent()).toContain("ICP filing number");
    // The values to enter at the DNS provider: each whole on one line, with a copy button.
    const cname = drawer.locator('[data-item="cname"] .go-live__record');
    expect(await cname.locator("code").allTextContents()).toEqual(["shop.batik.example", target]);
    expect(await cname.getByRole("button", { name: "Copy" }).count()).toBe(2);
    const line = await cname
      .locator("code")
      .last()
      .evaluate((code) => getComputedStyle(code).lineHeight);
    const height = (await cname.locator("code").last().boundingBox())?.height ?? 0;
    expect(height).toBeLessThanOrEqual(Number.parseFloat(line) + 6);
    await page.screenshot({ path: `${artifacts}domains-go-live-1440.png` });
    await drawer.locator(".ant-drawer-close").click();
    await drawer.waitFor({ state: "hidden" });

    // The CDN package's settings (no WAF mode on its form): origin and ICP number kept, and the
    // go-live check's ICP item turns green.
    await row.getByRole("button", { name: "Settings" }).click();
    const settings = page.locator(".ant-drawer", { hasText: "Settings of shop.batik.example" });
    await settings.getByLabel("Origin addresses").fill("203.0.113.10");
    await settings.getByLabel("ICP filing number").fill("京ICP备12345678号-1");
    await settings.getByRole("button", { name: "Save" }).click();
    await settings.waitFor({ state: "hidden" });
    await row.getByText("203.0.113.10").waitFor();
    await row.getByRole("button", { name: "Go-live check" }).click();
    await page.locator('.ant-drawer [data-item="icp"][data-ok="true"]').waitFor();
    await context.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.addCookies([
      { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
      { name: "uselang", value: "zh-TW", domain: "localhost", path: "/" },
    ]);
    const small = await phone.newPage();
    await small.goto(`${base}/control/services/domains?oid=${bought.data.orderNo}`);
    await hydrated(small);
    await small.locator('[data-state="active"]').waitFor();
    await small.screenshot({ path: `${artifacts}domains-zh-TW-390.png` });
    await phone.close();
  });

  it.each([
    ["ddos", "bandwidth=100&duration=month-1", "zh-CN", /设置/, /^保存$/],
    ["waf", "", "vi", /Cài đặt/, /Lưu/],
  ])("saves a %s package's domain settings in the browser", async (product, configuration, language, settingsLabel, saveLabel) => {
    const token = await login("hana", "Jakarta-2027x");
    const admin = await login("admin", ADMIN_PASSWORD);
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token,
      body: { product, configuration, action: "new", payMethod: "offline", idempotencyKey: `domains-e2e-${product}` },
    });
    await api(`/order/trade/order/confirmOffline/${bought.data.orderNo}`, { token: admin, body: {} });
    const name = `${product}.batik.example`;
    await api(`/control/services/${bought.data.orderNo}/domains`, { token, body: { name } });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
      { name: "uselang", value: language, domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}/control/services/domains?oid=${bought.data.orderNo}`);
    await hydrated(page);
    const row = page.locator("tr", { hasText: name });
    await row.getByRole("button", { name: settingsLabel }).click();
    const settings = page.locator(".ant-drawer");
    await settings.locator("textarea").fill("198.51.100.7");
    if (product === "waf") await settings.locator('input[type="radio"][value="monitor"]').check();
    await settings.getByRole("button", { name: saveLabel }).click();
    await settings.waitFor({ state: "hidden" });
    await row.getByText("198.51.100.7").waitFor();
    // No error showed, in the customer's language or with a field's wire name.
    expect(await page.locator(".ant-message-error").count()).toBe(0);
    await page.screenshot({ path: `${artifacts}domains-settings-${product}-${language}-1280.png` });
    const saved = await api<{ data: { domains: { name: string; originAddresses: string[]; wafMode: string }[] } }>(
      `/control/services/${bought.data.orderNo}/domains`,
      { token },
    );
    expect(saved.data.domains.find((d) => d.name === name)).toMatchObject({
      originAddresses: ["198.51.100.7"],
      wafMode: product === "waf" ? "monitor" : "block",
    });
    await context.close();
  });
});
