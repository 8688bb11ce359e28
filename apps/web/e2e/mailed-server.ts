import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { MailCatcher } from "../../server/src/testing/mail-catcher.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, launchChromium } from "./browser.ts";
import { artifacts } from "./public-site.ts";

export interface MailedServer {
  server: ServerProcess;
  /** http://localhost:<port> */
  base: string;
  browser: Browser;
  /** The SMTP server the Rampart server sends through, holding every mail it sent. */
  smtp: MailCatcher;
}

/**
 * A built server on a fresh embedded database that sends its mail to an SMTP server inside the
 * test, and a Chromium, for the test file (before its tests; stopped after them). `env` says how
 * the installation is set up beyond that (its administrator's password, two-factor, e-mail
 * verification); the captcha is off, as a browser test cannot slide it reliably on every page.
 */
export function mailedServerForThisFile(env: Record<string, string>): MailedServer {
  const site = { smtp: new MailCatcher() } as MailedServer;
  const dataDir = mkdtempSync(join(tmpdir(), "rampart-mailed-"));
  beforeAll(async () => {
    if (browserMissing) return;
    mkdirSync(artifacts, { recursive: true });
    await site.smtp.start();
    site.server = await startServerProcess({
      DATA_DIR: dataDir,
      CAPTCHA_ENABLED: "false",
      SMTP_URL: site.smtp.url,
      MAIL_FROM: "no-reply@rampart.test",
      ...env,
    });
    site.base = `http://localhost:${site.server.port}`;
    site.browser = await launchChromium();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
    if (site.server) await site.smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return site;
}
