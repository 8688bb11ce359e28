import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-browser-"));
let server: ServerProcess;
let browser: Browser;

/** Opens a page that records every console error, failed request and uncaught exception. */
async function openPage(viewport = { width: 1440, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on(
    "response",
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  return { page, problems };
}

describe.skipIf(browserMissing)("the public frame in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({ DATA_DIR: dataDir });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the company of the Host in the title, header and footer", async () => {
    const { page, problems } = await openPage();
    await page.goto(`http://localhost:${server.port}/index`);
    expect(await page.title()).toBe("Cloud security and acceleration | Rampart Cloud");
    expect(await page.locator(".site-header__company").textContent()).toBe("Rampart Cloud");

    // *.localhost resolves to this machine: the seeded demo brand answers there.
    await page.goto(`http://demo.localhost:${server.port}/`);
    expect(await page.title()).toBe("Cloud security and acceleration | Lotus Shield");
    expect(await page.locator("footer").textContent()).toContain("hello@lotusshield.example");
    const brand = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--brand").trim(),
    );
    expect(brand).toBe("#11a983");
    await page.screenshot({ path: `${artifacts}home-demo-en-1440.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  it("switches language in place, remembers it in uselang, and renders it on the server next time", async () => {
    const { page, problems } = await openPage();
    await page.goto(`http://127.0.0.1:${server.port}/index`);
    await hydrated(page);
    await page.evaluate(() => ((window as { marker?: number }).marker = 42));
    await page.locator(".language-switch__button").click();
    await page.getByRole("link", { name: "简体中文" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("业务在线，访问更快，防护更稳");
    expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(42); // no reload
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    expect(await page.title()).toBe("云安全与加速 | Rampart Cloud");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "uselang")?.value).toBe("zh-CN");

    await page.reload();
    expect(await page.locator("h1").textContent()).toBe("业务在线，访问更快，防护更稳");
    expect(problems).toEqual([]);
  });

  it("hydrates a page the server kept (allowed by hash, not nonce) as well as a freshly rendered one", async () => {
    const { page, problems } = await openPage();
    const url = `http://127.0.0.1:${server.port}/index?kept=1`;
    const first = await page.goto(url);
    expect(first?.headers()["content-security-policy"]).toContain("'nonce-");
    await hydrated(page);
    const kept = await page.goto(url);
    expect(kept?.headers()["content-security-policy"]).toContain("'sha256-");
    await hydrated(page);
    await page.locator(".language-switch__button").click();
    await page.getByRole("link", { name: "Tiếng Việt" }).click();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("vi");
    expect(problems).toEqual([]);
  });

  it("reads the browser's language when there is no uselang cookie", async () => {
    const context = await browser.newContext({ locale: "zh-TW" });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/`);
    expect(await page.locator("h1").textContent()).toBe("服務不中斷，速度更快，防護更穩");
    await context.close();
  });

  it("answers an unknown path with a real 404 page", async () => {
    const { page } = await openPage();
    const res = await page.goto(`http://127.0.0.1:${server.port}/no/such/page`);
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
  });

  it("looks right on a phone in every language", async () => {
    const { page, problems } = await openPage({ width: 390, height: 844 });
    for (const lang of ["en", "zh-CN", "zh-TW", "id", "vi"]) {
      await page.goto(`http://127.0.0.1:${server.port}/index?lang=${lang}`);
      expect(new URL(page.url()).search).toBe(""); // the language link redirected to the clean URL
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow in ${lang}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${artifacts}home-${lang}-390.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  });
});
