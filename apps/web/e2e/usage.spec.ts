import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.ts";
import {
  bizAttackEvent,
  bizService,
  bizUsage5m,
  bizUsageHourly,
  bizUsageTop,
  sysUser,
} from "../../server/src/db/schema.ts";
import { ensureUsagePartitions } from "../../server/src/modules/usage/usage-partitions.ts";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-usage-"));
const ADMIN_PASSWORD = "usage-admin-pass-1";
const MIN5 = 300_000;
const HOUR = 3_600_000;
const MBPS = 1_000_000;
const SHOP = "shop.lestari.example";
const IMG = "img.lestari.example";
let server: ServerProcess;
let browser: Browser;
let base: string;
let token = "";
let orderNo = "";
let quietOrderNo = "";
/** An hour fully rolled up (three before the current one): its CSV row is known. */
let knownHour = 0;

const { api, login } = serverApi(() => base);
const start = async () => {
  server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
  base = `http://localhost:${server.port}`;
};

const FIGURES = {
  bytesOrigin: 0,
  cachedBytes: 0,
  status3xx: 0,
  status4xx: 0,
  status5xx: 0,
  wafBlocked: 0,
  ddosBytes: 0,
  ddosPackets: 0,
};
/** A 5-minute bucket of the whole package (or a domain's share of it). */
function bucket(serviceId: number, domain: string, at: number, share: number) {
  const wave = 30 + 20 * Math.sin((at / HOUR / 24) * 2 * Math.PI);
  return {
    ...FIGURES,
    serviceId,
    domain,
    bucket: new Date(at),
    bytesOut: 2_000_000 * share,
    bytesOrigin: 300_000 * share,
    requests: 400 * share,
    cachedRequests: 300 * share,
    status2xx: 380 * share,
    status4xx: 20 * share,
    peakBps: Math.round(wave * MBPS * share),
    wafBlocked: 4 * share,
    receivedAt: new Date(),
  };
}

/**
 * A month of what the platform would have sent for the package: 5-minute buckets of the last 30
 * hours and rolled-up hours of the last 30 days (up to two hours ago), for the whole package and
 * its two domains (3/4 and 1/4 of it), an attack this afternoon, and the day's countries.
 */
async function seedUsage(serviceId: number) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const now = Date.now();
  const lastBucket = Math.floor(now / MIN5) * MIN5 - MIN5;
  const lastHour = Math.floor(now / HOUR) * HOUR - 2 * HOUR;
  knownHour = lastHour - HOUR;
  await ensureUsagePartitions(db, new Date(lastBucket - 30 * HOUR), new Date(lastBucket));
  const parts: [string, number][] = [
    ["", 1],
    [SHOP, 0.75],
    [IMG, 0.25],
  ];
  const buckets = [];
  for (let at = lastBucket - 30 * HOUR; at <= lastBucket; at += MIN5)
    for (const [domain, share] of parts) buckets.push(bucket(serviceId, domain, at, share));
  for (let i = 0; i < buckets.length; i += 500) await db.insert(bizUsage5m).values(buckets.slice(i, i + 500));
  const hours = [];
  for (let at = lastHour - 30 * 24 * HOUR; at <= lastHour; at += HOUR)
    for (const [domain, share] of parts) {
      const { receivedAt: _, bucket: __, ...one } = bucket(serviceId, domain, at, share);
      const sums = Object.fromEntries(
        Object.entries(one).map(([key, value]) => [
          key,
          typeof value === "number" && !["serviceId", "peakBps"].includes(key) ? value * 12 : value,
        ]),
      );
      hours.push({ ...(sums as typeof one), hour: new Date(at) });
    }
  for (let i = 0; i < hours.length; i += 500) await db.insert(bizUsageHourly).values(hours.slice(i, i + 500));
  await db.insert(bizAttackEvent).values({
    serviceId,
    attackId: "e2e-attack-1",
    startedAt: new Date(lastBucket - 5 * HOUR),
    endedAt: new Date(lastBucket - 4 * HOUR),
    target: SHOP,
    vector: "HTTP flood",
    peakBps: 8_400_000_000,
    peakPps: 1_200_000,
    action: "challenged",
    receivedAt: new Date(),
  });
  const today = new Date(now).toISOString().slice(0, 10);
  await db.insert(bizUsageTop).values(
    ["ID", "SG", "US", "JP"].map((key, i) => ({
      serviceId,
      day: today,
      kind: "country",
      rank: i + 1,
      key,
      requests: 40_000 - i * 9000,
      bytes: (40_000 - i * 9000) * 5000,
    })),
  );
  await db.update(sysUser).set({ timeZone: "Asia/Jakarta" }).where(eq(sysUser.userName, "lestari"));
  await database.close();
}

/** A page of the console, signed in as the customer, in a language and at a width. */
async function open(path: string, language: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.addCookies([
    { name: "Admin-Token", value: token, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await hydrated(page);
  return page;
}

/** A figure of the page as a number (its text up to the unit). */
async function figure(page: Page, name: string): Promise<string> {
  return ((await page.locator(`[data-figure="${name}"]`).textContent()) ?? "").trim();
}

/** The CSV the page gives for what it shows. */
async function downloadedCsv(page: Page, button: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const path = await download.path();
  return readFileSync(path, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
}

/** A time as the CSV writes it in Jakarta (UTC+7, no daylight saving). */
const jakarta = (at: number) => new Date(at + 7 * HOUR).toISOString().slice(0, 16).replace("T", " ");

describe.skipIf(browserMissing)("a package's usage in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await start();
    browser = await launchChromium();
    await api("/auth/register", {
      body: { username: "lestari", password: "Surabaya-2026x", email: "lestari@example.id" },
    });
    token = await login("lestari", "Surabaya-2026x");
    const admin = await login("admin", ADMIN_PASSWORD);
    const buy = async (product: string, configuration: string, key: string) => {
      const bought = await api<{ data: { orderNo: string } }>("/order/trade/order/createOrder", {
        token,
        body: { product, configuration, action: "new", payMethod: "offline", idempotencyKey: key },
      });
      await api(`/order/trade/order/confirmOffline/${bought.data.orderNo}`, { token: admin, body: {} });
      return bought.data.orderNo;
    };
    orderNo = await buy("cdn", "edition=mainland&domains=5", "usage-e2e-1");
    quietOrderNo = await buy("ddos", "", "usage-e2e-2");
    for (const name of [SHOP, IMG]) await api(`/control/services/${orderNo}/domains`, { token, body: { name } });
    // The embedded database has one owner: the server is stopped while the platform's figures go in.
    await server.stop();
    const database = await openDatabase({ dataDir });
    const [service] = await database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo));
    await database.close();
    await seedUsage(service!.serviceId);
    await start();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leads from My services to the package's usage: charts, range switch, domain filter and CSV, in English", async () => {
    const page = await open("/control/services", "en", 1440);
    await page.locator("tr", { hasText: orderNo }).getByRole("link", { name: "Usage" }).click();
    await page.waitForURL(/\/control\/services\/usage\?oid=/);
    await page.getByText("One point every 5 minutes").waitFor();
    await page.getByText("Times in Asia/Jakarta").waitFor();
    await expect.poll(() => page.locator(".e-chart canvas").count()).toBeGreaterThanOrEqual(5);
    expect(await figure(page, "committed")).toMatch(/Mbps$/);
    expect(await figure(page, "bytesOut")).toMatch(/^5\d\d(\.\d)? MB$/);
    expect(await figure(page, "hitRatio")).toBe("75 %");
    const attack = page.locator(".usage__attacks tr", { hasText: "HTTP flood" });
    await attack.getByText("Challenged").waitFor();
    await page.locator(".usage__tops tr", { hasText: "SG" }).waitFor();
    await page.screenshot({ path: `${artifacts}usage-en-1440.png`, fullPage: true });

    // Seven days, in hours; then one domain of the package: three quarters of its traffic.
    await page.locator(".ant-radio-button-wrapper", { hasText: "7 days" }).click();
    await page.getByText("One point an hour").waitFor();
    expect(page.url()).toContain("range=7d");
    const whole = Number.parseFloat(await figure(page, "bytesOut"));
    await page.locator(".usage__domain").click();
    await page.locator(".ant-select-item-option", { hasText: SHOP }).click();
    await expect.poll(() => page.url()).toContain(`domain=${SHOP}`);
    await expect.poll(async () => Number.parseFloat(await figure(page, "bytesOut"))).toBeCloseTo(whole * 0.75, 0);
    await page.screenshot({ path: `${artifacts}usage-7d-domain-en-1440.png` });

    const csv = await downloadedCsv(page, "Download CSV");
    expect(csv[0]).toBe(
      "Time (Asia/Jakarta),Traffic to visitors (bytes),Traffic from the origin (bytes),Requests," +
        "Requests from the cache,Cache hit ratio (%),2xx answers,3xx answers,4xx answers,5xx answers," +
        "Peak bandwidth (bps),Blocked by the WAF,DDoS traffic mitigated (bytes),DDoS packets mitigated",
    );
    expect(csv).toHaveLength(1 + 7 * 24);
    const row = csv.find((line) => line.startsWith(`${jakarta(knownHour)},`));
    expect(row?.split(",").slice(1, 7)).toEqual(["18000000", "2700000", "3600", "2700", "75", "3420"]);

    // Ten whole days of Jakarta, chosen in the date picker: hours, 240 of them.
    const day = (daysAgo: number) => jakarta(Date.now() - daysAgo * 24 * HOUR).slice(0, 10);
    await page.locator(".ant-radio-button-wrapper", { hasText: "Choose days" }).click();
    const days = page.locator(".ant-picker-range input");
    await days.nth(0).click();
    await days.nth(0).fill(day(10));
    await days.nth(0).press("Enter");
    await days.nth(1).fill(day(1));
    await days.nth(1).press("Enter");
    await expect.poll(() => page.url()).toContain(`range=custom&from=${day(10)}&to=${day(1)}`);
    await page.getByText("One point an hour").waitFor();
    expect(await downloadedCsv(page, "Download CSV")).toHaveLength(1 + 10 * 24);
    await page.context().close();
  });

  it("reads the same in Chinese (Taiwan) on a phone, and says when the platform has sent nothing", async () => {
    const page = await open(`/control/services/usage?oid=${orderNo}`, "zh-TW", 390);
    await page.getByText("每 5 分鐘一個資料點").waitFor();
    await expect.poll(() => page.locator(".e-chart canvas").count()).toBeGreaterThanOrEqual(5);
    await page.getByText("HTTP flood").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${artifacts}usage-zh-TW-390.png`, fullPage: true });

    await page.locator(".ant-radio-button-wrapper", { hasText: "30 天" }).click();
    await page.getByText("每小時一個資料點").waitFor();
    const csv = await downloadedCsv(page, "下載 CSV");
    expect(csv[0]).toMatch(/^時間（Asia\/Jakarta）,訪客流量（位元組）,回源流量（位元組）,請求數,/);
    expect(csv).toHaveLength(1 + 30 * 24);

    await page.goto(`${base}/control/services/usage?oid=${quietOrderNo}`);
    await page.getByText("平台尚未傳送此方案的任何資料").waitFor();
    await page.screenshot({ path: `${artifacts}usage-empty-zh-TW-390.png`, fullPage: true });
    await page.context().close();
  });

  it("shows the last 24 hours' traffic and attacks on the control center", async () => {
    const page = await open("/control/customer", "en", 1440);
    const traffic = page.locator('[data-figure="traffic24h"]');
    await traffic.getByText("Traffic, last 24 h").waitFor();
    expect(await traffic.locator(".figure__value").textContent()).toMatch(/^\d+(\.\d+)? MB$/);
    expect(await page.locator('[data-figure="attacks24h"] .figure__value').textContent()).toBe("1");
    await page.screenshot({ path: `${artifacts}usage-control-center-1440.png` });
    await page.context().close();
  });
});
