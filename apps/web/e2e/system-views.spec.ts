import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-users-"));
const ADMIN_PASSWORD = "users-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}/prod-api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { access_token?: string } } };
}
const login = async (username: string, password: string) =>
  (await post("/auth/admin/login", { username, password })).body.data?.access_token;
/** The user as the server keeps it. */
const userNamed = async (userName: string) => {
  const response = await fetch(`${base}/prod-api/system/user/list?userName=${userName}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const rows = ((await response.json()) as { rows: { userName: string; status: string; roleKeys: string[] }[] }).rows;
  return rows.find((row) => row.userName === userName);
};

describe.skipIf(browserMissing)("the system management views in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    adminToken = (await login("admin", ADMIN_PASSWORD)) ?? "";
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openView(path: string, language = "en"): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await context.addCookies([
      { name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" },
      { name: "uselang", value: language, domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await hydrated(page);
    await page.locator("tbody tr.ant-table-row").first().waitFor();
    return page;
  }
  const row = (page: Page, name: string) => page.locator("tr.ant-table-row", { hasText: name });

  it("adds an operator, refusing a weak password first, and the operator can sign in", async () => {
    const page = await openView("/system/user");
    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("User name").fill("linh.dang");
    await dialog.getByLabel("Display name").fill("Linh Dang");
    // An invitation is the default: it needs an address.
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.locator(".ant-form-item-explain-error", { hasText: "An invitation needs" }).waitFor();
    await dialog.getByText("Set it now").click();
    await dialog.getByLabel("Password", { exact: true }).fill("onlyletters");
    await dialog.getByLabel("E-mail").fill("linh@example.vn");
    await dialog.getByLabel("Roles").click();
    await page.getByTitle("Operator").click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.locator(".ant-form-item-explain-error", { hasText: "letters and digits" }).waitFor();
    expect(await userNamed("linh.dang")).toBeUndefined();

    await dialog.getByLabel("Password", { exact: true }).fill("Danang2026pw");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("linh.dang has been added").waitFor();
    await row(page, "linh.dang").getByText("Operator").waitFor();
    expect(await userNamed("linh.dang")).toMatchObject({ status: "0", roleKeys: ["operator"] });
    expect(await login("linh.dang", "Danang2026pw")).toBeTruthy();
    await page.context().close();
  });

  it("invites a user: a link to choose their password goes to their address", async () => {
    const page = await openView("/system/user");
    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("User name").fill("mai.vo");
    await dialog.getByLabel("Display name").fill("Mai Vo");
    await dialog.getByLabel("E-mail").fill("mai@example.vn");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("The account was created; a link to choose a password was mailed to mai@example.vn").waitFor();
    expect(await userNamed("mai.vo")).toMatchObject({ status: "0", email: "mai@example.vn" });
    await page.context().close();
  });

  it("disables a user from the row, then resets their password", async () => {
    const page = await openView("/system/user");
    await row(page, "linh.dang").getByRole("switch").click();
    const confirm = await settledDialog(page);
    await confirm.locator(".ant-modal-confirm-title", { hasText: "Disable linh.dang?" }).waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("linh.dang is disabled").waitFor();
    expect((await userNamed("linh.dang"))?.status).toBe("1");
    expect(await login("linh.dang", "Danang2026pw")).toBeUndefined();

    await row(page, "linh.dang").getByRole("button", { name: "Reset password" }).click();
    const reset = await settledDialog(page);
    await reset.getByLabel("New password").fill("Hue2027newpw");
    await reset.getByRole("button", { name: "Save" }).click();
    await page.getByText("The password of linh.dang has been reset").waitFor();
    // The administrator's own switch cannot be turned off.
    expect(await row(page, "admin").getByRole("switch").isDisabled()).toBe(true);
    await page.context().close();
  });

  it("exports the users as a spreadsheet, in Simplified Chinese", async () => {
    const page = await openView("/system/user", "zh-CN");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      // Written as Chinese readers write it: antd no longer spaces out two characters.
      page.getByRole("button", { name: "导出", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.context().close();
  });

  it("keeps a list's search, sort and page size in its address: a reload or a shared link shows the same", async () => {
    const page = await openView("/system/user");
    await page.getByLabel("User name").fill("linh");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("userName")).toBe("linh");
    await page.getByRole("columnheader", { name: "Created" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("orderByColumn")).toBe("createTime");
    await expect.poll(() => page.locator("tr.ant-table-row").count()).toBe(1);

    // The same address in a new tab (a shared link): the search filled in, the same rows, the sort shown.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await hydrated(shared);
    await row(shared, "linh.dang").waitFor();
    expect(await shared.locator("tr.ant-table-row").count()).toBe(1);
    expect(await shared.getByLabel("User name").inputValue()).toBe("linh");
    expect(await shared.getByRole("columnheader", { name: "Created" }).getAttribute("aria-sort")).toMatch(
      /ascending|descending/,
    );
    // Reset clears the search from the address too.
    await shared.getByRole("button", { name: "Reset", exact: true }).click();
    await expect.poll(() => new URL(shared.url()).searchParams.has("userName")).toBe(false);
    await expect.poll(() => shared.locator("tr.ant-table-row").count()).toBeGreaterThan(1);
    await page.context().close();
  });

  it("adds a role granting the login log from the menu tree, then deletes it", async () => {
    const page = await openView("/system/role");
    await page.getByRole("button", { name: "Add role" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Role key").fill("support");
    await dialog.getByLabel("English").fill("Support desk");
    await dialog.getByLabel("Tiếng Việt (optional)").fill("Bộ phận hỗ trợ");
    await dialog.getByRole("button", { name: "Expand all" }).click();
    await dialog.locator(".ant-tree-treenode", { hasText: "Login log" }).locator(".ant-tree-checkbox").click();
    // The directory above it is ticked with it.
    await expect
      .poll(() => dialog.locator(".ant-tree-treenode-checkbox-checked").allTextContents())
      .toEqual(["System monitoring", "Login log"]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Support desk has been added").waitFor();
    await row(page, "support").waitFor();
    const roles = await fetch(`${base}/prod-api/system/role/list?keyword=support`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const support = ((await roles.json()) as { rows: { roleName: Record<string, string>; menuIds: number[] }[] })
      .rows[0];
    expect(support?.roleName).toEqual({ en: "Support desk", vi: "Bộ phận hỗ trợ" });
    expect(support?.menuIds).toHaveLength(2);

    await row(page, "support").getByRole("button", { name: "Delete" }).click();
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Support desk has been deleted").waitFor();
    await row(page, "support").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("re-brands a site with a new name, colour and logo, previewed as typed and shown on its pages at once", async () => {
    const page = await openView("/system/site");
    await row(page, "Lotus Shield").getByRole("button", { name: "Edit" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Company name").fill("Lotus Shield Asia");
    await dialog.locator(".site-preview__name", { hasText: "Lotus Shield Asia" }).waitFor();
    // A 1×1 PNG as the logo: uploaded, then shown in the preview.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await dialog.locator("input[type=file]").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => dialog.locator(".site-preview__logo").getAttribute("src")).toMatch(/^\/prod-api\/file\//);
    // The site's own pre-sales line for its contact page: a malformed e-mail is named first.
    await dialog.getByRole("button", { name: "Contact page" }).click();
    const presales = dialog.locator("fieldset", { hasText: "Pre-sales" });
    await presales.getByLabel("Telephone").fill("+84 28 7300 1111");
    await presales.getByLabel("E-mail").fill("sales at lotus");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("The e-mail format is incorrect").waitFor();
    await presales.getByLabel("E-mail").fill("sales@lotus.example");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Lotus Shield Asia has been saved").waitFor();

    const site = await page.context().newPage();
    await site.goto(`http://demo.localhost:${server.port}/index`);
    expect(await site.locator(".site-header__brand").getAttribute("aria-label")).toContain("Lotus Shield Asia");
    expect(await site.locator(".site-header__brand img").getAttribute("src")).toMatch(/^\/prod-api\/file\//);
    await site.goto(`http://demo.localhost:${server.port}/contact`);
    await site.getByText("+84 28 7300 1111").first().waitFor();
    await site.getByText("sales@lotus.example").first().waitFor();
    // The default site keeps the general settings.
    await site.goto(`${base}/contact`);
    await site.locator("main").waitFor();
    expect(await site.getByText("+84 28 7300 1111").count()).toBe(0);
    await page.context().close();
  });

  it("puts the provider's name on the default site as it was seeded, shown on its pages at once", async () => {
    const page = await openView("/system/site");
    await row(page, "Every other host").getByRole("button", { name: "Edit" }).click();
    const dialog = await settledDialog(page);
    await dialog
      .getByText("The default site also answers for every host name and address that no other site claims.")
      .waitFor();
    await dialog.getByLabel("Company name").fill("Kestrel Networks");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Kestrel Networks has been saved").waitFor();
    const site = await page.context().newPage();
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`]) {
      await site.goto(`http://${host}/index`);
      expect(await site.locator(".site-header__brand").getAttribute("aria-label")).toContain("Kestrel Networks");
    }
    await page.context().close();
  });

  it("adds a page to the menus from the menu tree, which opens at its new address", async () => {
    const page = await openView("/system/menu");
    await page
      .locator("tr.ant-table-row", { hasText: "System monitoring" })
      .getByRole("button", { name: "Add" })
      .click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Title (English)").fill("Status board");
    await dialog.getByLabel("简体中文 (optional)").fill("状态看板");
    await dialog.getByLabel("Path").fill("board");
    await dialog.getByLabel("View").fill("monitor/server/index");
    await dialog.getByLabel("Permission").fill("monitor:server:list");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Status board has been added").waitFor();
    await page.locator("tr.ant-table-row", { hasText: "Status board" }).waitFor();

    await page.goto(`${base}/monitor/board`);
    await page.locator(".server-status").waitFor();
    const routers = await fetch(`${base}/prod-api/system/menu/getRouters/zh-CN`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(await routers.text()).toContain("状态看板");
    await page.context().close();
  });

  it("adds a value to a dictionary in its side panel, and changes a setting", async () => {
    const page = await openView("/system/dict", "vi");
    await page.locator("tr.ant-table-row", { hasText: "sys_yes_no" }).getByRole("button", { name: "Giá trị" }).click();
    const drawer = page.locator(".ant-drawer");
    await drawer.locator("tbody tr.ant-table-row").first().waitFor();
    await drawer.getByRole("button", { name: "Thêm giá trị" }).click();
    const dialog = page.getByRole("dialog").last();
    await dialog.getByLabel("Giá trị", { exact: true }).fill("M");
    await dialog.getByLabel("Nhãn (tiếng Anh)").fill("Maybe");
    await dialog.getByLabel("Tiếng Việt (không bắt buộc)").fill("Có thể");
    await dialog.getByRole("button", { name: "Lưu" }).click();
    await page.getByText("Đã lưu Maybe").waitFor();
    await drawer.getByText("Có thể").waitFor();
    const served = await fetch(`${base}/prod-api/system/dict/data/type/sys_yes_no`, {
      headers: { authorization: `Bearer ${adminToken}`, "accept-language": "vi" },
    });
    expect(await served.text()).toContain("Có thể");
    await page.context().close();

    const settings = await openView("/system/config");
    await settings
      .locator("tr.ant-table-row", { hasText: "contact.presales.hours" })
      .getByRole("button", { name: "Edit" })
      .click();
    const edit = await settledDialog(settings);
    await edit.getByLabel("Value").fill("Mon–Sat 8:00–20:00");
    await edit.getByRole("button", { name: "Save" }).click();
    await settings.getByText("contact.presales.hours has been saved").waitFor();
    const value = await fetch(`${base}/prod-api/system/config/configKey/contact.presales.hours`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(((await value.json()) as { data: string }).data).toBe("Mon–Sat 8:00–20:00");
    await settings.context().close();
  });
});
