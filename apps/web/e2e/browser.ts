import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Browser tests need Debian's Chromium (`apt-get install -y chromium fonts-wqy-zenhei`; .ci/run
 * installs it). Without it they are skipped on a developer machine, but fail in CI.
 */
export const browserMissing = !existsSync(CHROMIUM_PATH) && !process.env.CI;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Opens a page that records every console error, failed request and uncaught exception. */
export async function openRecordedPage(browser: Browser, viewport = { width: 1440, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(String(error)));
  return { page, problems };
}

/**
 * Opens an address in a context of its own, as a visitor of that width reading that language
 * (and signed in with `token`, when given), hydrated; its uncaught exceptions are recorded.
 */
export async function openPageAs(
  browser: Browser,
  url: string,
  { width, language = "en", token }: { width: number; language?: string; token?: string },
) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const domain = new URL(url).hostname;
  await context.addCookies([
    { name: "uselang", value: language, domain, path: "/" },
    ...(token ? [{ name: "Admin-Token", value: token, domain, path: "/" }] : []),
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  await page.goto(url);
  await hydrated(page);
  return { context, page, problems };
}

/** Resolves once React has hydrated the page and attached its handlers (clicks before that do nothing). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);

/** Drags the login form's slider to the end, as a person would, and waits until it is verified. */
export async function slideCaptcha(page: Page): Promise<void> {
  await page.waitForSelector(".slider-captcha--idle");
  const handle = await page.getByTestId("slider-handle").boundingBox();
  const track = await page.locator(".slider-captcha").boundingBox();
  if (!handle || !track) throw new Error("the slider is not on the page");
  const y = handle.y + handle.height / 2;
  await page.mouse.move(handle.x + handle.width / 2, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(track.x + (track.width * step) / 12 + 10, y);
  await page.mouse.up();
  await page.waitForSelector(".slider-captcha--passed", { timeout: 30_000 });
}

/** The open dialog once its opening animation has ended: a click during antd's zoom-in can be lost. */
export async function settledDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await expect.poll(() => dialog.getAttribute("class")).not.toMatch(/ant-zoom-(appear|enter)/);
  return dialog;
}

/**
 * The open dropdown menu once its opening animation has ended (a click during it can be lost): an
 * antd dropdown, or one of the console's own menus (a popover, which opens at once).
 */
export async function settledDropdown(page: Page) {
  const menu = page.locator(".ant-dropdown:not(.ant-dropdown-hidden), .menu-popup:popover-open");
  await menu.waitFor();
  await expect.poll(() => menu.getAttribute("class")).not.toMatch(/-(enter|appear)/);
  return menu;
}
