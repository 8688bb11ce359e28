import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage } from "./browser.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-price-"));
const ADMIN_PASSWORD = "price-admin-pass-1";
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, CAPTCHA_ENABLED: "false", ADMIN_PASSWORD });
  base = `http://localhost:${server.port}`;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** "CN¥2,999.00" → 2999 (for arithmetic on shown amounts), and back. */
const money = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));
const formatYuan = (yuan: number) => `CN¥${yuan.toLocaleString("en", { minimumFractionDigits: 2 })}`;
const amountIn = (html: string) => /data-testid="amount">([^<]*)</.exec(html)?.[1];

describe("the price pages on the server", () => {
  it("quote the configuration in the URL, so a shared link shows the same price", async () => {
    const html = await (
      await fetch(`${base}/wafPrice?edition=ultimate&tld=3&duration=year-1&extras=logDelivery`)
    ).text();
    // (2999 + 2 more top-level domains × 300 + log delivery 100) × 12, less 15 %
    expect(amountIn(html)).toBe("CN¥37,729.80");
    expect(html).toContain("Subdomains included: 30");
  });

  it("name what is wrong with a configuration instead of pricing it", async () => {
    const html = await (await fetch(`${base}/ddosPrice?bandwidth=120&domains=5000`)).text();
    expect(amountIn(html)).toBeUndefined();
    expect(html).toContain("Use steps of 50, starting at 100.");
    expect(html).toContain("Enter a number from 10 to 200.");
  });

  it("sell in the site's currency", async () => {
    const response = await new Promise<string>((resolve, reject) => {
      import("node:http").then(({ request }) =>
        request(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/ddosPrice",
            headers: { host: "demo.localhost", cookie: "uselang=vi" },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve(body));
          },
        )
          .on("error", reject)
          .end(),
      );
    });
    expect(amountIn(response)).toBe("10.797.000\u00a0₫");
  });

  it("move the old addresses for good, keeping the configuration", async () => {
    for (const [old, path] of [
      ["productDdosPrice", "ddosPrice"],
      ["productWafPrice", "wafPrice"],
      ["productCdnPrice", "cdnPrice"],
    ]) {
      const response = await fetch(`${base}/${old}?edition=global`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/${path}?edition=global`);
    }
  });
});

let browser: Browser;
describe.skipIf(browserMissing)("the price pages in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const amount = (page: Page) => page.getByTestId("amount").textContent();

  it("update the fee card and the URL as the package changes", async () => {
    const { page, problems } = await openRecordedPage(browser);
    await page.goto(`${base}/ddosPrice`);
    await hydrated(page);
    expect(await amount(page)).toBe("CN¥2,999.00");

    await page.getByRole("button", { name: "More: Business bandwidth" }).click();
    await expect.poll(() => amount(page)).toBe("CN¥3,249.00"); // + 50 Mbps × 5
    await page.getByRole("radio", { name: /^Premium/ }).check();
    await expect.poll(() => amount(page)).toBe("CN¥9,999.00"); // a new edition starts from what it includes
    await page.getByRole("radio", { name: /^1 year/ }).check();
    await expect.poll(() => amount(page)).toBe("CN¥101,989.80"); // × 12, 15 % off
    await page.getByRole("checkbox", { name: /IPv6 access/ }).check();
    await expect.poll(() => amount(page)).toBe("CN¥103,009.80");
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe("?edition=premium&region=mainland&bandwidth=100&domains=10&ips=10&duration=year-1&extras=ipv6");

    await page.getByLabel("Domains", { exact: true }).fill("35");
    await page.getByText("Use steps of 10, starting at 10.").waitFor();
    expect(await page.getByRole("link", { name: "Buy now" }).count()).toBe(0);
    await page.getByLabel("Domains", { exact: true }).fill("40");
    await page.getByText("Top-level domains supported: 4 (every 10 domains support 1 top-level domain)").waitFor();

    // Reloading the URL shows the same quote: the configuration lives in it.
    const quoted = await amount(page);
    await expect.poll(() => page.url()).toContain("domains=40"); // the URL follows the state a moment later
    await page.reload();
    await hydrated(page);
    expect(await amount(page)).toBe(quoted);
    expect(problems).toEqual([]);
  });

  it("sends a visitor who buys to log in, and back to the same configuration", async () => {
    const { page } = await openRecordedPage(browser);
    await page.goto(`${base}/cdnPrice?edition=global&region=global&bandwidth=300`);
    await hydrated(page);
    await page.getByRole("link", { name: "Buy now" }).click();
    await page.waitForURL(/\/cloud\/login\?redirect=/);
    // Back to the configuration on screen, every choice spelled out.
    expect(new URL(page.url()).searchParams.get("redirect")).toMatch(
      /^\/cdnPrice\?edition=global&region=global&bandwidth=300&domains=10&duration=month-1$/,
    );
  });

  it("takes a customer from a configuration through login and a coupon to an order, paid offline", async () => {
    const register = await fetch(`${base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "mai.tran", password: "Saigon2026x", email: "mai@example.vn" }),
    });
    expect(register.status).toBe(200);
    const { page, problems } = await openRecordedPage(browser);
    const quote = "/cdnPrice?edition=global&region=global&bandwidth=300&domains=10&duration=year-1";
    await page.goto(`${base}${quote}`);
    await hydrated(page);
    const quoted = await amount(page);
    await page.getByRole("link", { name: "Buy now" }).click();
    await page.waitForURL(/\/cloud\/login\?redirect=/);
    await hydrated(page);
    await page.getByLabel("User name").fill("mai.tran");
    await page.getByLabel("Password").fill("Saigon2026x");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${base}${quote}`); // back to the same configuration
    await hydrated(page);
    expect(await amount(page)).toBe(quoted);

    // The customer's coupons for this order: the first-order one applies; the renewal one does not.
    const coupons = page.getByLabel("Coupons");
    await expect.poll(() => coupons.locator("option").count()).toBeGreaterThan(2);
    expect(
      await coupons.locator("option", { hasText: "5% off renewals — Not for this kind of order" }).isDisabled(),
    ).toBe(true);
    await coupons.selectOption("WELCOME100");
    const withCoupon = money(quoted) - 100;
    await expect.poll(async () => money(await amount(page))).toBeCloseTo(withCoupon, 2);
    await page.getByText("−CN¥100.00 on this order").waitFor();
    await expect.poll(() => page.url()).toContain("coupon=WELCOME100");

    // While the order page is on its way, Buy says so: the order page is held until the page itself
    // reports the busy state (the test cannot read a page whose navigation is pending).
    let busySeen = () => {};
    const busy = new Promise<void>((resolve) => {
      busySeen = resolve;
    });
    await page.exposeFunction("buyShowedBusy", () => busySeen());
    await page.route(
      (url) => url.pathname === "/payOrder",
      async (route) => {
        await busy;
        await route.continue();
      },
    );
    const buy = page.locator(".fee-card__actions").getByRole("link", { name: "Buy now" });
    await buy.evaluate((link) =>
      new MutationObserver(() => {
        if (link.getAttribute("aria-busy") === "true" && link.classList.contains("button--busy"))
          (window as unknown as { buyShowedBusy: () => void }).buyShowedBusy();
      }).observe(link, { attributes: true }),
    );
    // A click with the mouse itself: a locator's click would wait for the held navigation.
    await buy.scrollIntoViewIfNeeded();
    const box = (await buy.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await busy;
    await page.waitForURL(/\/payOrder\?product=cdn&.*coupon=WELCOME100/);
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe("Confirm your order");
    await expect.poll(async () => money(await amount(page))).toBeCloseTo(withCoupon, 2);
    await page.getByTestId("coupon").getByText("−CN¥100.00 on this order").waitFor();
    // No online channel on this server: bank transfer is the way offered, placing the order the
    // primary button (no Pay Now that could only say it is not supported).
    expect(await page.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await page.getByTestId("offline-method").getByText("Bank transfer", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Place order", exact: true }).click();

    await page.waitForURL(/\/paySuccess\?orderNo=\d{18}$/);
    const resultUrl = page.url();
    await page.getByRole("heading", { name: "Order placed" }).waitFor();
    const orderNo = new URL(resultUrl).searchParams.get("orderNo") ?? "";

    // An operator confirms the offline payment; the result page shows it, and stays.
    const admin = await fetch(`${base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    const adminToken = ((await admin.json()) as { data: { access_token: string } }).data.access_token;
    const confirmed = await fetch(`${base}/prod-api/order/trade/order/confirmOffline/${orderNo}`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(confirmed.status).toBe(200);
    await page.goto(resultUrl);
    await page.getByRole("heading", { name: "Payment Successful" }).waitFor();
    expect(await page.getByText(formatYuan(withCoupon)).count()).toBe(1); // the server charged what the page said
    await page.getByRole("link", { name: "Go to Console" }).waitFor();
    await page.getByRole("link", { name: "Return to Homepage" }).waitFor();
    expect(page.url()).toBe(resultUrl);
    expect(problems).toEqual([]);
  });

  it("upgrades a paid package for the days left, from /upgrade through the price page to an order", async () => {
    const api = async (path: string, body: unknown, token?: string) =>
      (
        await fetch(`${base}/prod-api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json();
    await api("/auth/register", { username: "lan.pham", password: "Danang2026x", email: "lan@example.vn" });
    const token = (await api("/auth/admin/login", { username: "lan.pham", password: "Danang2026x" })).data.access_token;
    const admin = (await api("/auth/admin/login", { username: "admin", password: ADMIN_PASSWORD })).data.access_token;
    const bought = await api(
      "/order/trade/order/createOrder",
      { product: "ddos", configuration: "", action: "new", payMethod: "offline", idempotencyKey: "e2e-upgrade-1" },
      token,
    );
    const oid = bought.data.orderNo as string;
    expect((await api(`/order/trade/order/confirmOffline/${oid}`, {}, admin)).code).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/upgrade?oid=${oid}`);
    await hydrated(page);
    await page.getByText(`DDoS Protection · Enterprise (${oid})`).waitFor();
    await page.getByText("Active", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Upgrade", exact: true }).click();

    await page.waitForURL(/\/ddosPrice\?.*action=upgrade/);
    await page.getByText(`Upgrading package ${oid}`).waitFor();
    expect(await page.getByTestId("upgrade-amount").textContent()).toBe(
      "Choose something larger than the current package to upgrade.",
    );
    await page.getByRole("button", { name: "More: Business bandwidth" }).click();
    await expect.poll(() => page.getByTestId("upgrade-amount").textContent()).toMatch(/^CN¥\d+\.\d\d$/);
    const price = await page.getByTestId("upgrade-amount").textContent();
    await expect.poll(() => page.url()).toContain("bandwidth=150");
    await page.getByRole("link", { name: "Upgrade", exact: true }).click();

    await page.waitForURL(/\/payOrder\?.*action=upgrade/);
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe(`Upgrade of package ${oid}`);
    await expect.poll(() => amount(page)).toBe(price);
    await page.getByRole("button", { name: "Place order", exact: true }).click();
    await page.waitForURL(/\/paySuccess\?orderNo=/);
    await page.getByRole("heading", { name: "Order placed" }).waitFor();
    expect(await page.getByText(price ?? "").count()).toBe(1); // the server charged what the page said

    await page.goto(`${base}/upgrade?oid=${oid}`);
    await page.getByText("A renewal or upgrade of this package is waiting for payment.").waitFor();
    expect(await page.getByRole("link", { name: "Upgrade", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("shows nobody else's order on the result page, and sends a visitor to log in first", async () => {
    const login = await fetch(`${base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const context = await browser.newContext();
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/paySuccess?orderNo=202611210000000000`);
    await page.getByRole("heading", { name: "Order not found" }).waitFor();
    await context.close();

    const { page: visitor } = await openRecordedPage(browser);
    await visitor.goto(`${base}/paySuccess?orderNo=202611210000000000`);
    await visitor.waitForURL(/\/cloud\/login\?redirect=%2FpaySuccess%3ForderNo%3D202611210000000000$/);
  });

  it("prices without JavaScript too: the form is sent and quoted by the server", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/tcpPrice`);
    await page.getByLabel("Defended ports (TCP/UDP)", { exact: true }).fill("20");
    await page.getByRole("radio", { name: /^1 year/ }).check();
    await page.getByRole("button", { name: "Update the price" }).click();
    await page.waitForURL(/ports=20/);
    // (1999 + 10 more ports × 15) × 12, less 15 %
    expect(await amount(page)).toBe("CN¥21,919.80");
    await context.close();
  });

  it("speaks the visitor's language", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "uselang", value: "zh-TW", domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/wafPrice?tld=0`);
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe("網站應用程式防火牆價格");
    expect(await page.locator(".field-error").first().textContent()).toMatch(/1.*50/);
    await context.close();
  });
});
