// The quote's speed: the pricing engine alone over random configurations, and in Chromium from a
// change on /ddosPrice to the new amount on screen (the engine plus React's render). Target < 5 ms.
import { performance } from "node:perf_hooks";
import { DEFAULT_CATALOGUE, quote } from "@rampart/pricing";
import fc from "fast-check";
import { chromium } from "playwright-core";
import { configurationArbitrary } from "../packages/pricing/src/testing/configuration-arbitrary.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ENGINE_SAMPLES = 10_000;
const BROWSER_CHANGES = 30;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export function benchQuoteEngine(): void {
  const configurations = fc.sample(configurationArbitrary(DEFAULT_CATALOGUE), { numRuns: ENGINE_SAMPLES, seed: 42 });
  for (const configuration of configurations.slice(0, 500)) quote(DEFAULT_CATALOGUE, configuration); // warm up
  const times = configurations
    .map((configuration) => {
      const started = performance.now();
      quote(DEFAULT_CATALOGUE, configuration);
      return performance.now() - started;
    })
    .sort((a, b) => a - b);
  console.log(
    `  quote (engine, ${ENGINE_SAMPLES} random configurations): median ${(percentile(times, 0.5) * 1000).toFixed(1)} µs, p99 ${(percentile(times, 0.99) * 1000).toFixed(1)} µs (target < 5 ms)`,
  );
}

/** Clicks the bandwidth's More and Less buttons in turn and times until the amount on the fee card changes. */
export async function benchQuoteInBrowser(baseUrl: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl}/ddosPrice`, { waitUntil: "networkidle" });
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const times: number[] = [];
    for (let i = 0; i < BROWSER_CHANGES; i++) {
      // Up and down again, so that the bandwidth stays within its bounds.
      const label = i % 2 === 0 ? "More: Business bandwidth" : "Fewer: Business bandwidth";
      const ms = await page.evaluate(
        (label) =>
          new Promise<number>((resolve) => {
            const amount = document.querySelector('[data-testid="amount"]') as HTMLElement;
            const button = document.querySelector(`button[aria-label="${label}"]`) as HTMLElement;
            const observer = new MutationObserver(() => {
              observer.disconnect();
              resolve(performance.now() - started);
            });
            observer.observe(amount, { childList: true, characterData: true, subtree: true });
            const started = performance.now();
            button.click();
          }),
        label,
      );
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  quote in Chromium (a change on /ddosPrice → new amount on screen, ${BROWSER_CHANGES} changes): median ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms (target < 5 ms)`,
    );
  } finally {
    await browser.close();
  }
}
