import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, launchChromium, openPageAs } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-notices-"));
const ADMIN_PASSWORD = "notices-admin-1";
const PASSWORDS = ["Demo-notices-2026", "Harbor-lantern-7391", "Meadow-copper-2846", "Summit-velvet-5163"];
let server: ServerProcess;
let browser: Browser;
let base: string;
const { login } = serverApi(() => base);

/** The demo customer changes their password: a security notice mailed and kept for them. */
async function changePassword(token: string, from: string, to: string) {
  const response = await fetch(`${base}/prod-api/system/user/profile/updatePwd`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ oldPassword: from, newPassword: to }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

const open = (token: string, path: string, width: number, language: string) =>
  openPageAs(browser, `${base}${path}`, { width, language, token });

const TITLES = { en: "Notifications", "zh-CN": "消息通知", "zh-TW": "通知中心", id: "Pemberitahuan", vi: "Thông báo" };

describe.skipIf(browserMissing)("the notification centre in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      DEMO_DATA: "true",
      DEMO_PASSWORD: PASSWORDS[0]!,
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("rings the bell without a reload, lists the notice and marks it read", async () => {
    let token = await login("demo", PASSWORDS[0]!);
    const { context, page, problems } = await open(token, "/control/support", 1440, "en");
    const bell = page.locator(".notice-bell__button");
    await bell.waitFor();
    // The live stream opens a few seconds after the console.
    await page.waitForResponse((response) => response.url().includes("/prod-api/notifications/stream"), {
      timeout: 30_000,
    });
    const count = async () => {
      const badge = page.locator(".notice-bell__count");
      return (await badge.count()) ? Number(await badge.textContent()) : 0;
    };
    const before = await count();
    // A notice made by the server while the page is open arrives by itself.
    await changePassword(token, PASSWORDS[0]!, PASSWORDS[1]!);
    await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
    await bell.click();
    const panel = page.locator(".notice-bell__panel");
    await panel.locator(".notice-bell__item--unread").first().waitFor();
    await page.screenshot({ path: `${artifacts}notifications-bell-en-1440.png` });
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await page.locator(".notice-bell__count").waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
    token = await login("demo", PASSWORDS[1]!);
    await changePassword(token, PASSWORDS[1]!, PASSWORDS[2]!);
    await changePassword(token, PASSWORDS[2]!, PASSWORDS[3]!);
  });

  it("draws the notifications page in five languages, wide and narrow", async () => {
    const token = await login("demo", PASSWORDS[3]!);
    for (const [language, title] of Object.entries(TITLES)) {
      for (const width of [1440, 390]) {
        const { context, page, problems } = await open(token, "/userCenter/notifications", width, language);
        await page.locator(".notifications-view__list .ant-list-item").first().waitFor();
        expect(await page.locator(".notifications-view__item--unread").count()).toBe(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${artifacts}notifications-${language}-${width}.png`, fullPage: true });
        if (width === 390) {
          await page.locator(".notice-bell__button").click();
          await page.locator(".notice-bell__panel").getByText(title).first().waitFor();
          await page.screenshot({ path: `${artifacts}notifications-bell-${language}-390.png` });
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });
  it("keeps a customer's choice of which notices are mailed, security always", async () => {
    const token = await login("demo", PASSWORDS[3]!);
    for (const width of [1440, 390]) {
      const { context, page, problems } = await open(token, "/userCenter/notifications", width, "en");
      await page.getByRole("tab", { name: "Preferences" }).click();
      const support = page.getByRole("switch", { name: "Support: By mail" });
      const security = page.getByRole("switch", { name: "Account security: By mail" });
      await support.waitFor();
      expect(await security.isDisabled()).toBe(true);
      if (width === 1440) {
        await support.click();
        await page.getByText("Your notification choices are saved").waitFor();
      }
      expect(await support.getAttribute("aria-checked")).toBe("false");
      await page.screenshot({ path: `${artifacts}notifications-preferences-en-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
