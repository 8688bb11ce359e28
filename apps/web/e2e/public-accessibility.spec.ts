import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { publicSiteForThisFile } from "./public-site.ts";

// The public site's main pages checked by axe-core in Chromium, on a phone and a desktop.
const site = publicSiteForThisFile();

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
      await page.goto(`${site.base}${path}`);
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
