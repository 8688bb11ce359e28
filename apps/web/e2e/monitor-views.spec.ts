import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-monitor-"));
const ADMIN_PASSWORD = "monitor-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;

async function api(path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}/prod-api${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as { data?: { access_token?: string } } };
}

const login = async (username: string, password: string) =>
  (await api("/auth/admin/login", { body: { username, password } })).body.data?.access_token ?? "";

describe.skipIf(browserMissing)("the monitoring views in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "minh.vu", password: "Danang2026x", email: "minh@example.vn" } });
    await login("minh.vu", "wrong-password-1");
    adminToken = await login("admin", ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(path: string, language = "en", width = 1440): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([
      { name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" },
      { name: "uselang", value: language, domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await hydrated(page);
    return page;
  }

  it("shows who is online and forces a customer out", async () => {
    const customerToken = await login("minh.vu", "Danang2026x");
    expect((await api("/system/user/getInfo", { token: customerToken })).status).toBe(200);
    const page = await open("/monitor/online");
    const row = page.locator("tr", { hasText: "minh.vu" });
    await row.waitFor();
    await page.getByText("Sessions online: 2").waitFor();
    // Searched in the page, kept in its address: only the customer's session.
    await page.getByLabel("User name").fill("minh");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("Sessions online: 1").waitFor();
    expect(new URL(page.url()).searchParams.get("userName")).toBe("minh");
    await row.getByRole("button", { name: "Force logout" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByText("Log minh.vu (from", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("minh.vu has been logged out").waitFor();
    await row.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Reset", exact: true }).click();
    await page.getByText("Sessions online: 1").waitFor();
    expect((await api("/system/user/getInfo", { token: customerToken })).status).toBe(401);
    await page.context().close();
  });

  it("keeps the forced logout in the operation log, with its record and who did it", async () => {
    const page = await open("/monitor/operlog");
    // The customer's registration (by a visitor), then the forced logout.
    await page.getByText("Operations: 2").waitFor();
    const registration = page.locator("tbody tr.ant-table-row").nth(1);
    expect(await registration.textContent()).toContain("/prod-api/auth/register");
    expect(await registration.textContent()).toContain("Visitor");
    const row = page.locator("tbody tr.ant-table-row").first();
    expect(await row.textContent()).toContain("/prod-api/monitor/online/:sessionId");
    expect(await row.textContent()).toContain("admin");
    await row.getByRole("button", { name: /expand/i }).click();
    await page
      .locator(".oper-detail")
      .getByText(/^\{"sessionId":"[0-9a-f-]{36}"\}$/)
      .waitFor();
    await page.context().close();
  });

  it("finds a failed login in the login log, in Vietnamese", async () => {
    const page = await open("/monitor/logininfor", "vi");
    await page.getByLabel("Tên đăng nhập").fill("minh");
    await page.getByLabel("Kết quả").click();
    await page.getByTitle("Thất bại").click();
    await page.getByRole("button", { name: "Tìm kiếm", exact: true }).click();
    await page.getByText("1 lượt").waitFor();
    const row = page.locator("tbody tr.ant-table-row");
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain("Sai tên đăng nhập hoặc mật khẩu");
    await page.context().close();
  });

  it("shows the server's status, and the API documentation in its frame", async () => {
    const page = await open("/monitor/server", "zh-CN");
    await page.getByText("正常").waitFor();
    expect(await page.locator(".server-status").textContent()).toContain(process.version);
    // The balances' daily reconciliation has not run on this new installation.
    await page.locator(".server-status__reconciliation").getByText("尚未运行：每天 UTC 02:41 运行一次。").waitFor();
    await page.goto(`${base}/tool/build`);
    const frame = page.frameLocator("iframe");
    await frame.getByText("Rampart API").first().waitFor();
    // Every area is listed, folded; opening one shows its operations.
    await frame.locator(".opblock-tag", { hasText: "provisioning" }).waitFor();
    await frame.locator(".opblock-tag", { hasText: "monitor" }).click();
    await frame.getByText("/prod-api/monitor/server").first().waitFor();
    await page.context().close();
  });
});
