import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, launchChromium, openPageAs, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-help-"));
const ADMIN_PASSWORD = "help-admin-1";
const DEMO_PASSWORD = "Demo-help-2026";
let server: ServerProcess;
let browser: Browser;
let base: string;
const { login } = serverApi(() => base);

const open = (path: string, width: number, language = "en", token?: string) =>
  openPageAs(browser, `${base}${path}`, { width, language, ...(token ? { token } : {}) });

const HOME_TITLES = {
  en: "How can we help?",
  "zh-CN": "有什么可以帮您？",
  "zh-TW": "需要什麼協助？",
  id: "Ada yang bisa kami bantu?",
  vi: "Chúng tôi có thể giúp gì cho bạn?",
};

describe.skipIf(browserMissing)("the help centre in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      DEMO_DATA: "true",
      DEMO_PASSWORD,
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows /help in the five languages, wide and narrow", async () => {
    for (const [language, title] of Object.entries(HOME_TITLES)) {
      for (const width of [1440, 390]) {
        const { context, page, problems } = await open("/help", width, language);
        await page.getByRole("heading", { level: 1, name: title }).waitFor();
        expect(await page.locator(".help-section").count()).toBe(4);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${artifacts}help-${language}-${width}.png`, fullPage: true });
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });

  it("searches in Chinese from the page, reads an article and takes 'was this helpful?'", async () => {
    const { context, page, problems } = await open("/help", 1280, "zh-CN");
    await page.locator("#help-q").fill("证书");
    await page.locator("#help-q").press("Enter");
    await page.getByRole("heading", { name: "与“证书”相关的文章" }).waitFor();
    await page.locator(".help-list__title").first().click();
    await page.locator(".help-article__title").waitFor();
    expect(page.url()).toContain("/help/certificates/certificate-dns-validation");
    await page.screenshot({ path: `${artifacts}help-article-zh-CN-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "有帮助", exact: true }).click();
    await page.getByText("感谢您的反馈。").waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await open("/help/security/under-attack", 390, "vi");
    await narrow.page.locator(".help-article__title").waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await narrow.page.screenshot({ path: `${artifacts}help-article-vi-390.png`, fullPage: true });
    await narrow.context.close();
  });

  it("suggests articles while a customer types a ticket's subject", async () => {
    const customer = await login("demo", DEMO_PASSWORD);
    const { context, page, problems } = await open("/control/support", 1440, "en", customer);
    await page.getByRole("button", { name: "New ticket" }).click();
    const dialog = await settledDialog(page);
    await dialog.locator("#ticket_subject").pressSequentially("certificate dns valid");
    await dialog.locator(".help-suggestions").getByText("Get a free certificate with DNS validation").waitFor();
    await page.screenshot({ path: `${artifacts}help-suggestions-en-1440.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lets an operator edit an article in the console, shown on the site at once", async () => {
    const admin = await login("admin", ADMIN_PASSWORD);
    for (const width of [1440, 390]) {
      const list = await open("/business/help", width, "en", admin);
      await list.page.getByText("Read the go-live check").first().waitFor();
      await list.page.locator(".ant-spin-spinning").waitFor({ state: "detached" });
      // The search's labels are the page's own words (not keys the site's texts shadowed).
      expect(await list.page.locator(".ant-form-item-label").allTextContents()).not.toContain("help.search.q");
      await list.page.screenshot({ path: `${artifacts}help-console-en-${width}.png`, fullPage: true });
      expect(list.problems).toEqual([]);
      await list.context.close();
    }
    const { context, page, problems } = await open("/business/help?language=en&q=go-live", 1440, "en", admin);
    const row = page.locator("tr", { hasText: "Read the go-live check" });
    await row.getByRole("button", { name: "Edit" }).click();
    const dialog = await settledDialog(page);
    await dialog.locator("#helpArticle_title").fill("Read the go-live check, item by item");
    await page.screenshot({ path: `${artifacts}help-console-edit-en-1440.png` });
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Article “Read the go-live check, item by item” saved").waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const site = await open("/help/getting-started/go-live-check", 1440, "en");
    await site.page.getByRole("heading", { level: 1, name: "Read the go-live check, item by item" }).waitFor();
    await site.context.close();
  });
});
