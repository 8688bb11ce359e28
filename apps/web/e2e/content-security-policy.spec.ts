import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, slideCaptcha } from "./browser.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-csp-"));
const ADMIN_PASSWORD = "csp-admin-pass-12";
let server: ServerProcess;
let browser: Browser;
let base: string;

/** What the browser refused under the page's Content-Security-Policy, in every frame. */
type Violation = { directive: string; blocked: string; source: string; sample: string };

/** A page whose frames record every CSP violation (before any of the page's own scripts run). */
async function recordingPage(viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await context.exposeBinding("__reportCsp", ({ frame }, violation: Violation) => {
    violations.push({ ...violation, source: `${frame.url()} ${violation.source}` });
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCsp: (v: object) => void }).__reportCsp({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        // The element whose inline style or script was refused, to find it by.
        sample: event.sample || (event.target instanceof Element ? event.target.outerHTML.slice(0, 160) : ""),
      });
    });
  });
  const page = await context.newPage();
  const violations: Violation[] = [];
  return { page, violations, close: () => context.close() };
}

/** Lets the page settle: hydrated, lazily loaded parts in, the browser idle. */
async function settle(page: Page) {
  await hydrated(page);
  await page.waitForLoadState("networkidle");
}

describe.skipIf(browserMissing)("the Content-Security-Policy in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "true" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One test per viewport: each visits seventeen pages and waits for the network to go quiet on
  // every one, which on a loaded machine took most of a minute.
  it.each([
    { device: "a desktop", viewport: { width: 1440, height: 900 } },
    { device: "a phone", viewport: { width: 390, height: 844 } },
  ])("is not violated by any public page, fresh or from the page cache, on $device", async ({ viewport }) => {
    const { page, violations, close } = await recordingPage(viewport);
    // The recorder itself: an inline script the policy refuses is reported, then forgotten.
    await page.goto(`${base}/index`);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
    });
    await expect.poll(() => violations.map((v) => v.directive)).toEqual(["script-src-elem"]);
    violations.length = 0;
    for (const path of ["/index", "/cdn", "/ddosPrice", "/waf", "/about", "/contact", "/index?lang=vi"]) {
      // The second visit is served from the page cache (inline scripts allowed by hash).
      for (let visit = 0; visit < 2; visit++) {
        await page.goto(`${base}${path}`);
        await settle(page);
      }
    }
    for (const path of ["/admin/login", "/cloud/login", "/cloud/register"]) {
      await page.goto(`${base}${path}`);
      await settle(page);
      await page.waitForSelector(".slider-captcha--idle"); // the captcha's challenge and its worker
    }
    await close();
    expect(violations).toEqual([]);
  });

  it("is not violated by any page of the console, the charts and the rich-text editor included", async () => {
    // Signed in through the login page, slider and all.
    const { page, violations, close } = await recordingPage();
    await page.goto(`${base}/admin/login`);
    await hydrated(page);
    await page.locator("#username").fill("admin");
    await page.locator("#password").fill(ADMIN_PASSWORD);
    await slideCaptcha(page);
    await page.locator("button[type=submit]").click();
    await page.waitForURL(`${base}/control/customer`);
    const token = (await page.context().cookies()).find((c) => c.name === "Admin-Token")?.value;
    const response = await fetch(`${base}/prod-api/system/menu/getRouters/en`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const tree = (
      (await response.json()) as { data: { path: string; children?: { path: string; hidden: boolean }[] }[] }
    ).data;
    const pages = tree.flatMap((root) =>
      (root.children ?? []).filter((c) => !c.hidden).map((c) => `${root.path}/${c.path}`),
    );
    for (const path of [...pages, "/user/profile"]) {
      await page.goto(`${base}${path}`);
      await settle(page);
    }
    // The dashboard's PDF report (html2canvas-pro), a settings form, the notice editor (Tiptap) and
    // the API documentation (Swagger UI, in its own frame).
    await page.goto(`${base}/business/dashboard`);
    await page.locator(".e-chart canvas").first().waitFor();
    await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.getByRole("button", { name: "Export PDF" }).click(),
    ]);
    await page.goto(`${base}/system/config`);
    await settle(page);
    await page.getByRole("button", { name: "Edit" }).first().click();
    await page.locator(".ant-modal textarea").fill("A value\nacross\nlines");
    // An order awaiting its offline payment (the administrator's own, ordered as any user may):
    // the operator's confirmation dialog, with its note.
    const ordered = await fetch(`${base}/prod-api/order/trade/order/createOrder`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        product: "cdn",
        configuration: "",
        action: "new",
        payMethod: "offline",
        idempotencyKey: "csp-order-1",
      }),
    });
    expect(((await ordered.json()) as { code: number }).code).toBe(200);
    await page.goto(`${base}/business/order`);
    await settle(page);
    await page.getByRole("button", { name: "Confirm payment" }).first().click();
    await page.locator(".ant-modal textarea").fill("Bank transfer\nreceived");
    await page.locator(".ant-modal").getByRole("button", { name: "Cancel" }).click();
    await page.goto(`${base}/system/notice`);
    await settle(page);
    await page.getByRole("button", { name: "New notice" }).click();
    await page.locator(".tiptap, .ProseMirror").first().waitFor();
    await page.goto(`${base}/tool/build`);
    await page.frameLocator("iframe").locator(".swagger-ui").first().waitFor();
    await close();
    expect(violations).toEqual([]);
  }, 150_000);
});
