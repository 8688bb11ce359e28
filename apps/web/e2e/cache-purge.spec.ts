import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
/** Screenshots leave out the notices at the top ("Purge requested", a slow answer's "Loading"). */
const NO_MESSAGES = ".ant-message { display: none !important; }";
const dataDir = mkdtempSync(join(tmpdir(), "rampart-purge-"));
const ADMIN_PASSWORD = "purge-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;

const { api, login } = serverApi(() => base);

/** The platform's answer to a request, signed with the endpoint's secret as it signs it. */
async function platformAnswers(secret: string, body: object) {
  const raw = JSON.stringify(body);
  const id = `cb_${randomUUID()}`;
  const at = new Date();
  const response = await fetch(`${base}/prod-api/platform/purge-callback`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, raw),
    },
    body: raw,
  });
  return (await response.json()) as { code: number };
}

describe.skipIf(browserMissing)("a package's cache purge panel in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      WEBHOOK_ALLOW_LOOPBACK: "true",
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("purges URLs of the package's domains, refuses another's, and shows the platform's answer", async () => {
    await api("/auth/register", { body: { username: "dara", password: "Phnom-2027x", email: "dara@example.kh" } });
    const token = await login("dara", "Phnom-2027x");
    const admin = await login("admin", ADMIN_PASSWORD);
    // The platform's endpoint (on this machine: its deliveries are not this test's business).
    const endpoint = await api<{ data: { secret: string; webhookId: number } }>("/system/webhook", {
      token: admin,
      body: { url: "http://127.0.0.1:9/rampart", events: ["cache.purge", "cache.prefetch"], siteId: null },
    });
    const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
      token,
      body: {
        product: "cdn",
        configuration: "edition=mainland&domains=5",
        action: "new",
        payMethod: "offline",
        idempotencyKey: "purge-e2e-1",
      },
    });
    const { orderNo } = bought.data;
    await api(`/order/trade/order/confirmOffline/${orderNo}`, { token: admin, body: {} });
    for (const name of ["www.angkor.example", "img.angkor.example"])
      await api(`/control/services/${orderNo}/domains`, { token, body: { name } });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${base}/control/services`);
    await hydrated(page);
    await page.getByRole("button", { name: "Purge cache" }).click();
    const drawer = page.locator(".purge-drawer");
    await drawer.getByText(`Purge and prefetch · `).waitFor();
    await expect.poll(() => drawer.locator("[data-quota]").getAttribute("data-quota")).toBe("0/1000");
    await drawer.getByText("One URL a line, e.g. https://www.angkor.example/styles/site.css").waitFor();

    // A URL of another site's: refused with the reason, nothing recorded.
    const entries = drawer.getByLabel("Entries");
    await entries.fill("https://www.angkor.example/app.js\nhttps://shop.elsewhere.example/app.js");
    await drawer.getByRole("button", { name: "Send" }).click();
    await page.getByText("shop.elsewhere.example is not a domain of this package").waitFor();
    await drawer.getByText("No request yet").waitFor();

    await entries.fill("https://www.angkor.example/app.js\nhttps://img.angkor.example/logo.png");
    await drawer.getByRole("button", { name: "Send" }).click();
    await page.getByText("Purge requested: the platform is clearing the cache").waitFor();
    const row = drawer.locator(".purge-history tr.ant-table-row").first();
    await row.locator('[data-state="pending"]').waitFor();
    await expect.poll(() => drawer.locator("[data-quota]").getAttribute("data-quota")).toBe("2/1000");

    // A prefetch, then the platform's answers: the first done, the prefetch failed with its reason.
    await drawer.getByText("Prefetch URLs").click();
    await drawer.getByLabel("Entries").fill("https://www.angkor.example/");
    await drawer.getByRole("button", { name: "Send" }).click();
    await page.getByText("Prefetch requested: the platform is warming the cache").waitFor();
    const { purges } = (
      await api<{ data: { purges: { purgeId: number; kind: string }[] } }>(`/control/services/${orderNo}/purges`, {
        token,
      })
    ).data;
    const purgeOf = (kind: string) => purges.find((p) => p.kind === kind)!.purgeId;
    const { secret, webhookId } = endpoint.data;
    expect((await platformAnswers(secret, { webhookId, purgeId: purgeOf("purge"), status: "done" })).code).toBe(200);
    expect(
      (
        await platformAnswers(secret, {
          webhookId,
          purgeId: purgeOf("prefetch"),
          status: "failed",
          message: "origin answered 503",
        })
      ).code,
    ).toBe(200);
    await drawer.getByRole("button", { name: "Refresh" }).click();
    await drawer.locator('[data-state="done"]').waitFor();
    await drawer.locator('[data-state="failed"]', { hasText: "origin answered 503" }).waitFor();
    // The page as the customer reads it once the notices are gone (the passing "loading" notices
    // of a busy machine's slow answers left out of the picture rather than waited for).
    await page.locator(".ant-notification-notice-close").click();
    await page.screenshot({ path: `${artifacts}purge-panel-1440.png`, style: NO_MESSAGES });
    await context.close();

    // On a phone, in Traditional Chinese, from the package's domains page: a whole domain purged.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.addCookies([
      { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
      { name: "uselang", value: "zh-TW", domain: "localhost", path: "/" },
    ]);
    const small = await phone.newPage();
    await small.goto(`${base}/control/services/domains?oid=${orderNo}`);
    await hydrated(small);
    await small.getByRole("button", { name: "清除快取" }).click();
    const panel = small.locator(".purge-drawer");
    await panel.getByText("清除整個網域").click();
    await panel.getByLabel("img.angkor.example").check();
    await panel
      .getByRole("button", { name: "送 出" })
      .or(panel.getByRole("button", { name: "送出" }))
      .click();
    await small.getByText("已送出清除：平台正在清除快取").waitFor();
    await expect.poll(() => panel.locator("[data-quota]").getAttribute("data-quota")).toBe("4/1000");
    const box = await panel.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each request's state shows without scrolling the list sideways.
    const sideways = await panel
      .locator(".purge-history .ant-table-content")
      .evaluate((table) => table.scrollWidth - table.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await small.screenshot({ path: `${artifacts}purge-panel-zh-TW-390.png`, style: NO_MESSAGES });
    await phone.close();
  });
});
