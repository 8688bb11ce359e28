import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage, settledDialog, slideCaptcha } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-accounts-"));
const ADMIN_PASSWORD = "browser-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;

describe.skipIf(browserMissing)("signing in and out in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The real thing: the captcha is on, as it is by default.
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("logs the administrator in with the slider, shows the console, logs out and forgets the token", async () => {
    const { page, problems } = await openRecordedPage(browser);
    await page.goto(`${base}/admin/login?redirect=${encodeURIComponent("/system/user")}`);
    expect(await page.title()).toBe("Operator sign-in | Rampart Cloud");
    await hydrated(page);
    await page.getByLabel("User name").fill("  admin ");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await slideCaptcha(page);
    await page.getByRole("button", { name: "Log in" }).click();

    await page.waitForURL(`${base}/system/user`);
    await page.getByRole("link", { name: "Users", exact: true }).waitFor();
    await page.getByRole("button", { name: "Control center", exact: true }).click();
    await page.waitForURL(`${base}/control/customer`);
    await expect.poll(() => page.locator(".control-center__title").textContent()).toBe("Welcome, Administrator");
    const token = (await page.context().cookies()).find((c) => c.name === "Admin-Token");
    expect(token?.value).toMatch(/^ey/);
    expect((await page.context().cookies()).find((c) => c.name === "Admin-Expires-In")?.value).toBe("720");
    await page.screenshot({ path: `${artifacts}console-admin-1440.png`, fullPage: true });

    await page.locator(".console-user").click();
    await page.getByText("Log out").click();
    await page.getByText("Are you sure to log out and exit the system?").waitFor();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("Admin-Token");

    // The token is dead on the server too, not only forgotten by the browser.
    const after = await fetch(`${base}/prod-api/system/user/getInfo`, {
      headers: { authorization: `Bearer ${token?.value}` },
    });
    expect(after.status).toBe(401);

    // Signed in again in the same tab, the console still speaks: a session ended elsewhere is
    // announced with the dialog of spec section 4, not lost.
    await hydrated(page);
    await page.getByLabel("User name").fill("admin");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await slideCaptcha(page);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${base}/control/customer`);
    await page.locator(".control-center").waitFor();
    const again = (await page.context().cookies()).find((c) => c.name === "Admin-Token");
    const ended = await fetch(`${base}/prod-api/auth/logout`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${again?.value}` },
    });
    expect(ended.status).toBe(200);
    // The next request finds the session ended: the page's own (its figures load in steps), or
    // the one that opening My orders makes; the dialog may already cover the menu.
    await page
      .getByRole("link", { name: "My orders", exact: true })
      .click({ timeout: 5_000 })
      .catch(() => {});
    await page.getByText("Invalid session or session has expired, please log in again").waitFor();

    // Opened again with the ended session (a reload, a bookmark): the dialog over a neutral page
    // that says the same, never a 404 the user did nothing to deserve.
    await page.goto(`${base}/system/user`);
    await page.locator(".console-loading--expired").waitFor();
    await page.getByRole("dialog").getByText("Invalid session or session has expired, please log in again").waitFor();
    expect(await page.locator(".ant-result-404").count()).toBe(0);
    expect(await page.title()).not.toContain("Page not found");
    await page.screenshot({ path: `${artifacts}console-session-expired-1440.png` });
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
  });

  it("refuses a wrong password with a message and asks for the slider again", async () => {
    const { page, problems } = await openRecordedPage(browser);
    await page.goto(`${base}/admin/login`);
    await hydrated(page);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Please enter your user name").waitFor();
    await page.getByLabel("User name").fill("admin");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Please slide to complete the verification first").waitFor();
    await slideCaptcha(page);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Wrong user name or password").waitFor();
    await page.waitForSelector(".slider-captcha--idle"); // a fresh challenge
    expect(page.url()).toBe(`${base}/admin/login`);
    // The refused login is the only error: the API's 400 for it.
    expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
  });

  it("sends a visitor without a session from the console to the login page and back", async () => {
    const { page } = await openRecordedPage(browser);
    await page.goto(`${base}/monitor/online`);
    await page.waitForURL(/\/admin\/login\?redirect=%2Fmonitor%2Fonline/);
  });

  it("registers a customer on the demo brand, who then sees only the control center", async () => {
    const { page, problems } = await openRecordedPage(browser, { width: 390, height: 844 });
    const demo = `http://demo.localhost:${server.port}`;
    await page.goto(`${demo}/cloud/register?lang=vi`);
    await hydrated(page);
    expect(await page.locator("h1").textContent()).toBe("Tạo tài khoản của bạn");
    await page.getByLabel("Tên đăng nhập").fill("minh.tran");
    await page.getByLabel("Mật khẩu", { exact: true }).fill("Saigon2026");
    await page.getByLabel("Xác nhận mật khẩu").fill("Saigon2026");
    await page.getByLabel("Email").fill("minh@example.vn");
    await slideCaptcha(page);
    await page.getByRole("button", { name: "Đăng ký" }).click();
    // With no address to confirm, straight to the login with the new user name filled in.
    await page.waitForURL(`${demo}/cloud/login?username=minh.tran`);
    // The login form replaces the registration form a moment after the address changes.
    await page.getByLabel("Xác nhận mật khẩu").waitFor({ state: "detached" });

    expect(await page.getByLabel("Tên đăng nhập").inputValue()).toBe("minh.tran");
    await page.getByLabel("Mật khẩu").fill("Saigon2026");
    await slideCaptcha(page);
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await page.waitForURL(`${demo}/control/customer`);
    await expect.poll(() => page.locator(".control-center__title").textContent()).toBe("Chào mừng, minh.tran");
    // On a phone the menu is behind the hamburger: the customer's holds the control center only.
    await page.locator(".console-hamburger").click();
    const items = page.locator(".console-sidebar-drawer a.side-menu__item");
    await expect
      .poll(() => items.allTextContents())
      .toEqual(["Tổng quan", "Đơn hàng của tôi", "Dịch vụ của tôi", "Số dư", "Giám sát", "Chứng chỉ", "Hỗ trợ"]);
    await page.keyboard.press("Escape");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}console-customer-vi-390.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it("on a slow phone, a slider finished before its proof is ready says it is verifying, then passes", async () => {
    const { page, problems } = await openRecordedPage(browser, { width: 390, height: 844 });
    // A phone whose hashing has not finished yet: WebCrypto's key derivation waits until the test
    // lets it go (DevTools' throttling slows the page, not the thread WebCrypto hashes on, so a
    // throttled page alone may still have its proof ready before the slider is done).
    await page.addInitScript(() => {
      const gate = new Promise<void>((resolve) => {
        (window as unknown as { __releaseHashing: () => void }).__releaseHashing = resolve;
      });
      for (const name of ["deriveBits", "deriveKey"] as const) {
        const original = SubtleCrypto.prototype[name] as (...args: unknown[]) => Promise<unknown>;
        Object.defineProperty(SubtleCrypto.prototype, name, {
          value: async function (this: SubtleCrypto, ...args: unknown[]) {
            await gate;
            return original.apply(this, args);
          },
        });
      }
    });
    await page.goto(`${base}/cloud/register`);
    await hydrated(page);
    // A mid-range phone (DevTools' CPU throttling); the slider is finished at once, by keyboard.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.waitForSelector(".slider-captcha--idle");
    await page.getByTestId("slider-handle").press("End");
    const slider = page.locator(".slider-captcha");
    await expect.poll(() => slider.getAttribute("class")).toContain("slider-captcha--checking");
    expect(await slider.textContent()).toBe("Verifying...");
    expect(await page.getByRole("slider").getAttribute("aria-valuetext")).toBe("Verifying...");
    await page.evaluate(() => (window as unknown as { __releaseHashing: () => void }).__releaseHashing());
    await page.waitForSelector(".slider-captcha--passed", { timeout: 30_000 });
    expect(await slider.textContent()).toBe("Verified");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(problems).toEqual([]);
  });

  it("looks right on a phone in every language", async () => {
    const { page, problems } = await openRecordedPage(browser, { width: 390, height: 844 });
    for (const lang of ["en", "zh-CN", "zh-TW", "id", "vi"]) {
      await page.goto(`${base}/cloud/login?lang=${lang}`);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow in ${lang}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${artifacts}login-${lang}-390.png` });
    }
    expect(problems).toEqual([]);
  });
});
