import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

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
