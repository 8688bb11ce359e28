import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AcmeTestCa, freePort, pebbleMissing } from "../../server/src/testing/acme-test-ca.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-certificates-"));
const ca = new AcmeTestCa();
let server: ServerProcess;
let browser: Browser;
let base: string;

const { api, login } = serverApi(() => base);

describe.skipIf(browserMissing || pebbleMissing)("Control center → Certificates in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await ca.start(await freePort());
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "certificates-admin-pass-1",
      CAPTCHA_ENABLED: "false",
      OUTBOUND_ALLOW_PRIVATE: "true",
      DNS_SERVERS: ca.dnsServer,
      ACME_DIRECTORY_URL: ca.directoryUrl,
      ACME_CA_CERTIFICATES: ca.caFile,
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    ca.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("requests a certificate with DNS validation, sees the record, checks it, and downloads the certificate", async () => {
    await api("/auth/register", { body: { username: "nam", password: "Hanoi-2027-x", email: "nam@example.vn" } });
    const token = await login("nam", "Hanoi-2027-x");
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${base}/control/certificates`);
    await hydrated(page);
    await page.getByText("No certificates yet").waitFor();

    await page.getByRole("button", { name: "Free certificate" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Names").fill("pho.example\n*.pho.example");
    await dialog.getByRole("button", { name: "Save" }).click();

    // The records to add, each with its value.
    const drawer = page.locator(".challenge-drawer");
    await drawer.getByText("_acme-challenge.pho.example").first().waitFor();
    const values = await drawer.locator(".challenge__fields dd:nth-of-type(2) code").allTextContents();
    expect(values).toHaveLength(2);
    await page.screenshot({ path: `${artifacts}certificate-records-1440.png` });

    // Checked before the records exist: nothing found, nothing sent to the CA.
    await drawer.getByRole("button", { name: "Check" }).click();
    await drawer.getByText("nothing was sent to the certificate authority", { exact: false }).waitFor();
    await expect.poll(() => drawer.locator('[data-found="false"]').count()).toBe(2);

    for (const value of values) await ca.addTxt("_acme-challenge.pho.example", value);
    // A person takes longer than the duplicate-submit window (500 ms) to press Check again.
    await page.clock.fastForward(1_000);
    await drawer.getByRole("button", { name: "Check" }).click();
    await drawer.getByRole("status").getByText("Everything was found", { exact: false }).waitFor();
    await page.screenshot({ path: `${artifacts}certificate-records-found-1440.png` });
    await page.locator(".ant-drawer-close").click();

    const row = page.locator("tr", { hasText: "pho.example" });
    await row.locator('[data-state="issued"]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${artifacts}certificates-list-1440.png` });

    await row.getByRole("button", { name: "Download" }).click();
    const downloads = await settledDialog(page);
    const [pem] = await Promise.all([
      page.waitForEvent("download"),
      downloads.getByRole("button", { name: "Certificate and chain (PEM)" }).click(),
    ]);
    expect(pem.suggestedFilename()).toBe("pho.example-fullchain.pem");
    const text = readFileSync(await pem.path(), "utf8");
    expect(text.match(/-----BEGIN CERTIFICATE-----/g)?.length).toBeGreaterThanOrEqual(2);
    await downloads.getByLabel("PFX password").fill("pfx-password-9");
    const [pfx] = await Promise.all([
      page.waitForEvent("download"),
      downloads.getByRole("button", { name: "Download the PFX" }).click(),
    ]);
    expect(pfx.suggestedFilename()).toBe("pho.example.pfx");
    await context.close();

    // On a phone, in Indonesian.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.addCookies([
      { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
      { name: "uselang", value: "id", domain: "localhost", path: "/" },
    ]);
    const small = await phone.newPage();
    await small.goto(`${base}/control/certificates`);
    await hydrated(small);
    await small.locator('[data-state="issued"]').waitFor();
    await small.screenshot({ path: `${artifacts}certificates-list-id-390.png` });
    await phone.close();
  });
});
