import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalogue } from "@rampart/pricing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-prices-"));
const ADMIN_PASSWORD = "prices-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;

async function api<T>(path: string, token = adminToken): Promise<T> {
  const response = await fetch(`${base}/prod-api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}
const cnyList = async () =>
  (await api<{ data: { catalogue: Catalogue; updatedAt: string } }>("/business/catalog/CNY")).data;
/** The package /ddosPrice opens with: the first DDoS edition with a price, in mainland China. */
const firstDdosPackage = (catalogue: Catalogue) =>
  catalogue.products.ddos.editions.findIndex((e) => !e.trialDays && !e.onRequest);
/** The amount the server-rendered /ddosPrice shows first. */
const ddosPriceAmount = async () =>
  /data-testid="amount">([^<]*)</.exec(await (await fetch(`${base}/ddosPrice`)).text())?.[1];

async function openPrices(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${base}/business/catalog`);
  await hydrated(page);
  await page.locator(".price-list__minimum").waitFor();
  await page.getByRole("tab", { name: "DDoS Protection" }).click();
  return page;
}

describe.skipIf(browserMissing)("Business → Prices in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    const login = await fetch(`${base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    adminToken = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("changes a DDoS package's price, and the public price page quotes the new price at once", async () => {
    const before = await cnyList();
    const index = firstDdosPackage(before.catalogue);
    expect(await ddosPriceAmount()).toBe("CN¥2,999.00");
    const page = await openPrices();
    const price = page.locator(`input[data-path="products.ddos.editions.${index}.regions.mainland"]`);
    await price.fill("3123");
    await page.getByText("1 unsaved change").waitFor();
    await page.getByRole("button", { name: "Save prices" }).click();
    const dialog = await settledDialog(page);
    expect(await dialog.textContent()).toContain("Save the CNY price list?");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The CNY price list is saved").waitFor();
    const after = await cnyList();
    expect(after.catalogue.products.ddos.editions[index]!.regions.mainland).toBe(312_300);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    // The page the server had kept is dropped: the public page shows the new price.
    expect(await ddosPriceAmount()).toBe("CN¥3,123.00");
  });

  it("names a wrong value beside its field and saves nothing", async () => {
    const before = await cnyList();
    const index = firstDdosPackage(before.catalogue);
    const page = await openPrices();
    const included = page.locator(`input[data-path="products.ddos.editions.${index}.quantities.bandwidth.included"]`);
    await included.fill("999999");
    await page.getByText("Included must lie between the minimum and the maximum").waitFor();
    await page.getByText("1 value to correct before saving").waitFor();
    expect(await page.getByRole("button", { name: "Save prices" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Discard changes" }).click();
    await expect.poll(() => page.getByText("Included must lie between").count()).toBe(0);
    expect(await cnyList()).toEqual(before);
  });

  it("shows and changes the overage rate per Mbps-month, and refuses an emptied one", async () => {
    mkdirSync(artifacts, { recursive: true });
    const before = await cnyList();
    const index = firstDdosPackage(before.catalogue);
    expect(before.catalogue.products.ddos.editions[index]!.overageRate).toBe(750);
    const page = await openPrices();
    const rate = page.locator(`input[data-path="products.ddos.editions.${index}.overageRate"]`);
    expect(await rate.inputValue()).toBe("7.50");
    await page.screenshot({ path: `${artifacts}price-list-overage-rate-1440.png` });
    await rate.fill("");
    await page.getByText("A whole amount from 0 up").waitFor();
    expect(await page.getByRole("button", { name: "Save prices" }).isDisabled()).toBe(true);
    await rate.fill("9");
    await page.getByRole("button", { name: "Save prices" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The CNY price list is saved").waitFor();
    expect((await cnyList()).catalogue.products.ddos.editions[index]!.overageRate).toBe(900);
  });
});
