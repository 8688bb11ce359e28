import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserMissing, launchChromium } from "./browser.ts";
import { LANGUAGES, PAGES, publicSiteForThisFile } from "./public-site.ts";

// Every public page laid out in Chromium, in every language, on a phone and a desktop.
const site = publicSiteForThisFile();
const SENDS_TO_SIGN_IN = ["/paySuccess?", "/upgrade?"];

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
      await page.goto(`${site.base}${path}`);
      // Without a session, a payment's result and an upgrade send the visitor on to sign in once the
      // server has answered 401: such a page is measured where it lands, after that navigation.
      if (SENDS_TO_SIGN_IN.some((start) => path.startsWith(start))) await page.waitForURL(/\/cloud\/login\?/);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 844 });
        const { overflow, broken } = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          broken: [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((i) => i.src),
        }));
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
