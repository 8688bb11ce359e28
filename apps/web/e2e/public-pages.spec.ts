import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { PRICE_PATHS } from "../app/site/pricing/price-paths.ts";
import { PRODUCTS } from "../app/site/products/catalog.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-public-"));
const LANGUAGES = ["en", "zh-CN", "zh-TW", "id", "vi"] as const;
const PAGES = [
  "/",
  "/index",
  "/indexNew",
  ...PRODUCTS.map((product) => `/${product.slug}`),
  ...Object.values(PRICE_PATHS).map((path) => `/${path}`),
  "/paySuccess?orderNo=202611210000000000",
  "/upgrade?oid=202611210000000000",
  "/about",
  "/contact",
];
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = await startServerProcess({ DATA_DIR: dataDir });
  base = `http://localhost:${server.port}`;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page as a browser would ask for it, with a Host header of our choosing (fetch cannot set one). */
function getPage(path: string, headers: Record<string, string>): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port: server.port, path, headers }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, html }));
    })
      .on("error", reject)
      .end();
  });
}

describe("every public page in every language", () => {
  it.each(
    PAGES.flatMap((path) => LANGUAGES.map((language) => [path, language] as const)),
  )("%s in %s: 200, one h1, the company in the title, no untranslated key", async (path, language) => {
    const { status, html } = await getPage(path, {
      cookie: `uselang=${language}`,
      host: `demo.localhost:${server.port}`,
    });
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${language}"`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/\| Lotus Shield$/);
    // A missing translation shows as its key (nav.products, site.applyNow, …).
    const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    expect(text).not.toMatch(
      /\b(nav|site|apply|contact|about|home|footer|header|meta|pricing|order|paySuccess|upgrade|serviceErrors)\.[a-zA-Z_]+\b/,
    );
    expect(text).not.toContain("{{");
  });

  it("tells search engines about each page: canonical, alternates, Open Graph", async () => {
    const { html } = await getPage("/ddos", { host: `demo.localhost:${server.port}` });
    const origin = `http://demo.localhost:${server.port}`;
    expect(html).toContain(`<link rel="canonical" href="${origin}/ddos"/>`);
    for (const language of LANGUAGES) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${language}" href="${origin}/ddos?lang=${language}"/>`);
    }
    expect(html).toContain('<meta property="og:title" content="DDoS Protection | Lotus Shield"/>');
    // The home page answers at /, /index and /indexNew: one canonical address.
    for (const path of ["/", "/indexNew"]) {
      const home = await getPage(path, { host: `demo.localhost:${server.port}` });
      expect(home.html).toContain(`<link rel="canonical" href="${origin}/index"/>`);
    }
  });

  it("generates sitemap.xml and robots.txt for the host", async () => {
    const sitemap = await getPage("/sitemap.xml", { host: `demo.localhost:${server.port}` });
    for (const path of ["/index", "/contact", "/cdn", "/ddos"]) {
      expect(sitemap.html).toContain(`<loc>http://demo.localhost:${server.port}${path}</loc>`);
    }
    const robots = await getPage("/robots.txt", { host: `demo.localhost:${server.port}` });
    expect(robots.html).toContain(`Sitemap: http://demo.localhost:${server.port}/sitemap.xml`);
    expect(robots.html).toContain("Disallow: /control/");
  });

  it("re-enters a page through /redirect with its query", async () => {
    const response = await fetch(`${base}/redirect/cdn?tab=faq`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get("location") ?? "", base).pathname +
        new URL(response.headers.get("location") ?? "", base).search,
    ).toBe("/cdn?tab=faq");
    // A browser reads `/\host`, `/<tab>/host` and `//host` in a Location as another host.
    for (const trick of [
      "/evil.example",
      "%5Cevil.example",
      "%5C%5Cevil.example",
      "%09/evil.example",
      "%2F%09%2Fevil.example",
      "./%2F/evil.example",
    ]) {
      const outside = await fetch(`${base}/redirect/${trick}`, { redirect: "manual" });
      const location = outside.headers.get("location") ?? "";
      expect(location, trick).not.toMatch(/^[/\\\t]{2}|^\/\s*[/\\]/);
      expect(new URL(location, base).origin, trick).toBe(base);
    }
  });

  it("answers an unknown path with 404", async () => {
    expect((await fetch(`${base}/no-such-product`)).status).toBe(404);
  });
});

let browser: Browser;
describe.skipIf(browserMissing)("the apply form in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const field = (page: Page, label: string) => page.locator(".apply-dialog").getByLabel(label, { exact: true });

  it("opens from a product page, names each problem beside its field, then takes the application", async () => {
    const { page, problems } = await openRecordedPage(browser);
    await page.goto(`${base}/ddos`);
    await hydrated(page);
    await page.getByRole("link", { name: "Apply now" }).first().click();
    const dialog = page.locator(".apply-dialog");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    for (const message of [
      "Please enter your name",
      "Please enter your email",
      "Please enter your phone number",
      "Please enter your address",
      "Please enter the content",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await field(page, "Name").fill("Nguyen Lan");
    await field(page, "Email").fill("lan@");
    await field(page, "Phone").fill("12");
    await field(page, "Address").fill("District 1, Ho Chi Minh City");
    await field(page, "Content").fill("We run game servers and need DDoS protection.");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("The email format is incorrect").waitFor();
    await dialog.getByText("The phone number is not valid").waitFor();
    await field(page, "Email").fill("lan@example.vn");
    await field(page, "Phone").fill("+84 28 7300 1234");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog
      .getByText("We have received your application and will contact you after approval", { exact: false })
      .waitFor();
    await page.screenshot({ path: `${artifacts}apply-done-1440.png` });
    expect(problems).toEqual([]);
  });

  it("works without JavaScript on /contact, and refuses a sixth submission in a minute", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "zh-CN" });
    const page = await context.newPage();
    const send = async () => {
      await page.goto(`${base}/contact`);
      await page.locator("#apply").getByLabel("姓名", { exact: true }).fill("王小明");
      await page.locator("#apply").getByLabel("邮箱", { exact: true }).fill("xiaoming@example.cn");
      await page.locator("#apply").getByLabel("手机号码", { exact: true }).fill("+86 138 0013 8000");
      await page.locator("#apply").getByLabel("地址", { exact: true }).fill("上海市浦东新区世纪大道 1000 号");
      await page.locator("#apply").getByLabel("留言", { exact: true }).fill("想了解 CDN 的价格。");
      await page.locator("#apply").getByRole("button", { name: "确定" }).click();
      await page.waitForLoadState();
    };
    // One submission was made from this address by the previous test: four more are allowed.
    for (let i = 0; i < 4; i++) {
      await send();
      expect(await page.getByRole("status").textContent()).toContain("审核通过后会尽快与您联系");
    }
    await send();
    expect(await page.locator(".apply-form__failure").textContent()).toBe("提交过于频繁，请一分钟后再试");
    await context.close();
  });

  it("shows the header menu behind the burger on a phone, without JavaScript too", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/cdn`);
    expect(await page.locator(".site-nav__panel").isVisible()).toBe(false);
    await page.locator(".site-nav__burger").click();
    expect(await page.locator(".site-nav__panel").isVisible()).toBe(true);
    await page.getByText("Products").click();
    await page.getByRole("link", { name: "DDoS Protection" }).click();
    await page.waitForURL(`${base}/ddos`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("closes the products menu after choosing a product, and on a click elsewhere", async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/index`);
    await hydrated(page);
    const menu = page.locator(".site-nav__products");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Web Application Firewall" }).click();
    await page.waitForURL(`${base}/waf`);
    await expect.poll(() => page.locator("h1").textContent()).toContain("Keep attackers out");
    await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await menu.locator("summary").click();
    await page.mouse.click(5, 890); // below the open menu
    await expect.poll(() => menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("opens the products menu from the keyboard on a laptop, and Escape closes it where it was opened", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/index`);
    await hydrated(page);
    const summary = page.locator(".site-nav__products > summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    expect(await page.locator(".site-nav__products").getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest(".site-nav__mega") !== null)).toBe(true);
    // Pressed until the page's scripts listen (the hydration mark is set before its effects run).
    await expect
      .poll(async () => {
        await page.keyboard.press("Escape");
        return page.locator(".site-nav__products").getAttribute("open");
      })
      .toBeNull();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("shows the whole header menu on one line from 1024 px, clear of the brand and the language switch, in every language", async () => {
    for (const signedIn of [false, true]) {
      for (const language of LANGUAGES) {
        // One page per language, measured at each width as the window is resized.
        const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
        const cookies = [{ name: "uselang", value: language, domain: "localhost", path: "/" }];
        if (signedIn) cookies.push({ name: "Admin-Token", value: "some-token", domain: "localhost", path: "/" });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(`${base}/index`);
        for (const width of [1024, 1280, 1440, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          const box = (selector: string) => page.locator(selector).first().boundingBox();
          const [brand, nav, languageSwitch] = await Promise.all([
            box(".site-header__brand"),
            box(".site-nav__panel"),
            box(".language-switch"),
          ]);
          const where = `${language} at ${width} px${signedIn ? ", signed in" : ""}`;
          expect(await page.locator(".site-nav__burger").isVisible(), where).toBe(false);
          expect(nav?.x, where).toBeGreaterThanOrEqual((brand?.x ?? 0) + (brand?.width ?? 0));
          expect((nav?.x ?? 0) + (nav?.width ?? 0), where).toBeLessThanOrEqual(languageSwitch?.x ?? 0);
          // Every entry shown, each on one line, and nothing wider than the screen.
          const entries = await page
            .locator(".site-nav__panel .site-nav__link, .site-nav__panel .button")
            .evaluateAll((links) =>
              links
                .filter((link) => link.getClientRects().length > 0)
                .map((link) => ({ text: link.textContent, height: link.getBoundingClientRect().height })),
            );
          // Products, four products, Contact Us, About Us, Under attack?; Log in, or Console and the account's menu.
          expect(entries.length, where).toBe(signedIn ? 10 : 9);
          for (const entry of entries) expect(entry.height, `${where}: ${entry.text}`).toBeLessThan(44);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), where).toBe(0);
        }
        await context.close();
      }
    }
  }, 120_000);

  it("offers the console to a signed-in visitor", async () => {
    const login = await fetch(`${base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "x" }),
    });
    expect(login.status).toBe(400); // the captcha is on: the header only needs the cookie to exist
    const context = await browser.newContext({ viewport: { width: 1920, height: 900 } }); // the menu shown inline
    await context.addCookies([{ name: "Admin-Token", value: "some-token", domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/cdn`);
    await hydrated(page);
    expect(await page.getByRole("link", { name: "Console", exact: true }).count()).toBe(1);
    // Personal Center and Log out are the account's menu, a disclosure beside Console.
    expect(await page.getByRole("link", { name: "Personal Center", exact: true }).isVisible()).toBe(false);
    await page.getByRole("group").filter({ hasText: "Your account" }).locator("summary").click();
    await page.getByRole("link", { name: "Personal Center", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Log out" }).isVisible()).toBe(true);
    await expect
      .poll(async () => {
        await page.keyboard.press("Escape");
        return page.getByRole("link", { name: "Personal Center", exact: true }).isVisible();
      })
      .toBe(false);
    const summary = page.locator(".site-nav__account-menu summary");
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe.skipIf(browserMissing)("accessibility (axe-core)", () => {
  let axeBrowser: Browser;
  beforeAll(async () => {
    axeBrowser = await launchChromium();
  });
  afterAll(async () => {
    await axeBrowser?.close();
  });

  it.each([
    "/index",
    "/ddos",
    "/ddosPrice",
    "/contact",
  ])("finds no serious or critical violation on %s", async (path) => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await axeBrowser.newPage({ viewport });
      await page.goto(`${base}${path}`);
      await hydrated(page);
      await page.evaluate(axeSource); // evaluated through DevTools: the page's CSP does not apply
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe;
        const result = await axe.run();
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      expect(violations, `${path} at ${viewport.width} px`).toEqual([]);
      await page.close();
    }
  });
});

describe.skipIf(browserMissing)("every public page laid out in Chromium", () => {
  let layoutBrowser: Browser;
  beforeAll(async () => {
    layoutBrowser = await launchChromium();
  });
  afterAll(async () => {
    await layoutBrowser?.close();
  });

  // What a reader would notice first on a phone or a desktop: a page wider than the screen (its
  // text cut off, a sideways scroll) or a picture that does not load. Every page, every language.
  it.each(
    LANGUAGES,
  )("in %s at 390 and 1440 px: nothing wider than the screen, no broken picture, no script error", async (language) => {
    // Each page opens on a phone, and is measured again as the window widens to a desktop's.
    const context = await layoutBrowser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "uselang", value: language, domain: "localhost", path: "/" }]);
    const errors: string[] = [];
    const problems: string[] = [];
    for (const path of [...PAGES, "/payOrder?product=ddos", "/401"]) {
      // A page of its own for each address: a page that sends the visitor on (a result page for a
      // visitor, say) cannot then cut the next one's loading short.
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(`${path}: ${error}`));
      await page.goto(`${base}${path}`);
      const measure = () =>
        page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          broken: [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((i) => i.src),
        }));
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 844 });
        // Such a page is measured where it lands.
        const { overflow, broken } = await measure().catch(async () => {
          await page.waitForLoadState("load");
          return measure();
        });
        if (overflow > 0) problems.push(`${path} at ${width} px: ${overflow} px wider than the screen`);
        if (broken.length > 0) problems.push(`${path} at ${width} px: broken ${broken.join(", ")}`);
      }
      await page.close();
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // About thirty pages in a row, each at two widths: the time of a busy machine.
  }, 150_000);
});
