// The console's figures for `npm run bench` (issue targets): JavaScript loaded before the first
// console view, the time from pressing "Log in" to the first rendered view (the page's clock), the time to switch
// between open tabs, and Lighthouse (mobile) on /admin/login. Needs Debian's Chromium.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Marks the moment the control center first appears, and that of the last click before it (both by
 * the page's clock); sums the JavaScript started before it.
 */
async function watchFirstView(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      "click",
      () => {
        const marks = window as { viewAt?: number; clickAt?: number };
        if (marks.viewAt === undefined) marks.clickAt = performance.now();
      },
      true,
    );
    new MutationObserver((_, observer) => {
      if (document.querySelector(".control-center")) {
        (window as { viewAt?: number }).viewAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const javascriptBeforeView = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js") && e.startTime < ((window as { viewAt?: number }).viewAt ?? Infinity))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0) / 1024,
  );

export async function benchConsole(baseUrl: string, adminPassword: string): Promise<void> {
  console.log("\nConsole (Chromium, loopback)");
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    // Login → first view, measured from the click; the JavaScript of that first console load.
    const loginTimes: number[] = [];
    let javascript = 0;
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await watchFirstView(page);
      await page.goto(`${baseUrl}/admin/login`);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.getByLabel("User name").fill("admin");
      await page.getByLabel("Password").fill(adminPassword);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.locator(".control-center").waitFor();
      // Read in the page: Playwright's own look for the element waits for the page's main thread,
      // which is then busy with the view's later code (charts), and would add its wait to the figure.
      loginTimes.push(
        await page.evaluate(() => {
          const { viewAt, clickAt } = window as { viewAt?: number; clickAt?: number };
          return Math.round(viewAt! - clickAt!);
        }),
      );
      // The first view of a console opened afresh (as after a reload), with its own JavaScript.
      const fresh = await context.newPage();
      await watchFirstView(fresh);
      await fresh.goto(`${baseUrl}/control/customer`);
      await fresh.locator(".control-center").waitFor();
      await fresh.waitForLoadState("networkidle");
      javascript = await javascriptBeforeView(fresh);
      await context.close();
    }
    console.log(`  JavaScript before the first console view: ${javascript.toFixed(0)} KB gzip (target ≤ 250 KB)`);
    console.log(`  login to first rendered view, median of 5: ${median(loginTimes)} ms (target < 1000 ms)`);

    // Switching between two open tabs (tabs on), measured in the page to the next frame.
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem("layout-setting", JSON.stringify({ tagsView: true })));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await page.getByLabel("User name").fill("admin");
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.locator(".control-center").waitFor();
    await page.getByRole("link", { name: "My orders", exact: true }).click();
    await page.locator(".tags-view__tab", { hasText: "My orders" }).waitFor();
    const switches: number[] = [];
    for (let i = 0; i < 20; i++) {
      const target = i % 2 ? "My orders" : "Overview";
      switches.push(
        await page.evaluate(async (title) => {
          const link = [...document.querySelectorAll<HTMLAnchorElement>(".tags-view__tab a")].find(
            (a) => a.textContent === title,
          );
          const started = performance.now();
          link?.click();
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return performance.now() - started;
        }, target),
      );
    }
    console.log(`  switching between open tabs, median of 20: ${median(switches).toFixed(1)} ms (target < 50 ms)`);
    await context.close();
  } finally {
    await browser.close();
  }

  // Lighthouse, mobile profile (its default), on the operators' login page.
  await runLighthouse(`${baseUrl}/admin/login`, ["performance", "accessibility"], "targets ≥ 95");
}

/** Lighthouse (mobile profile, its default) on one page; prints its scores and LCP. */
async function runLighthouse(url: string, categories: string[], targets: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    let result = await lighthouse(url, { port: chrome.port, onlyCategories: categories, logLevel: "error" });
    // Lighthouse now and then fails to record the trace (NO_NAVSTART): one more try.
    if (result?.lhr.runtimeError)
      result = await lighthouse(url, { port: chrome.port, onlyCategories: categories, logLevel: "error" });
    const lhr = result?.lhr;
    const score = (id: string) => {
      const value = lhr?.categories[id]?.score;
      return value === null || value === undefined ? "n/a" : String(Math.round(value * 100));
    };
    const lcpMs = lhr?.audits["largest-contentful-paint"]?.numericValue;
    const lcp = lcpMs === undefined ? "n/a" : `${(lcpMs / 1000).toFixed(2)} s`;
    console.log(
      `  Lighthouse ${new URL(url).pathname} (mobile): ${categories.map((c) => `${c} ${score(c)}`).join(", ")}; LCP ${lcp} (${targets})`,
    );
    if (lhr?.runtimeError) console.log(`  Lighthouse could not measure: ${lhr.runtimeError.message}`);
  } finally {
    chrome.kill();
  }
}

/** The public site's figures: JavaScript loaded by /index, and Lighthouse on /index, /cdn and /ddosPrice. */
export async function benchPublicSite(baseUrl: string): Promise<void> {
  console.log("\nPublic site (Chromium, loopback)");
  if (!existsSync(CHROMIUM)) {
    console.log(`  skipped: no Chromium at ${CHROMIUM}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/index`);
    await page.waitForLoadState("networkidle");
    const kb = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(".js"))
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0) / 1024,
    );
    console.log(`  JavaScript loaded by /index: ${kb.toFixed(0)} KB gzip (target ≤ 150 KB)`);
  } finally {
    await browser.close();
  }
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const targets = "targets: performance, accessibility, best practices ≥ 95, SEO 100, LCP < 2 s";
  for (const path of ["/index", "/cdn", "/ddosPrice"]) await runLighthouse(`${baseUrl}${path}`, categories, targets);
}
