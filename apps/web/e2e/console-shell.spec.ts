import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDropdown } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-console-"));
const ADMIN_PASSWORD = "console-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;

/** Signs in through the API (the login page has its own tests) and opens the console. */
async function signedIn(username: string, password: string, viewport = { width: 1440, height: 900 }) {
  const response = await fetch(`${base}/prod-api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await response.json()) as { data: { access_token: string } };
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "Admin-Token", value: data.access_token, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(String(e)));
  return { context, page, problems };
}

async function openConsole(page: Page, path = "/control/customer") {
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await page.locator(".console-navbar").waitFor();
}

/** The tab whose title is exactly this. */
const tabNamed = (page: Page, title: string) =>
  page.locator(".tags-view__tab").filter({ has: page.getByRole("link", { name: title, exact: true }) });

describe.skipIf(browserMissing)("the console shell in Chromium", () => {
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    const register = await fetch(`${base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "linh.vo", password: "Hanoi2026x", email: "linh@example.vn" }),
    });
    expect(register.status).toBe(200);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const track = <T extends { context: BrowserContext }>(session: T) => {
    contexts.push(session.context);
    return session;
  };

  // Opens each of the administrator's thirty-odd pages from scratch (a full page load each): about
  // a minute on a busy two-core machine, so it has two.
  it("gives the administrator and a customer different menus, and every entry opens", {
    timeout: 120_000,
  }, async () => {
    const admin = track(await signedIn("admin", ADMIN_PASSWORD));
    await openConsole(admin.page);
    const adminTop = await admin.page.locator(".top-nav__item").allTextContents();
    const customer = track(await signedIn("linh.vo", "Hanoi2026x"));
    await openConsole(customer.page);
    const customerTop = await customer.page.locator(".top-nav__item").allTextContents();
    expect(customerTop).toEqual(["Control center"]);
    expect(adminTop.length).toBeGreaterThan(customerTop.length);

    // Every page of the administrator's menus opens: a view, or the clear "not available" page.
    const response = await fetch(`${base}/prod-api/system/menu/getRouters/en`, {
      headers: {
        authorization: `Bearer ${(await admin.context.cookies()).find((c) => c.name === "Admin-Token")?.value}`,
      },
    });
    const tree = (
      (await response.json()) as { data: { path: string; children?: { path: string; hidden: boolean }[] }[] }
    ).data;
    const pages = tree.flatMap((root) =>
      (root.children ?? []).filter((c) => !c.hidden).map((c) => `${root.path}/${c.path}`),
    );
    expect(pages.length).toBeGreaterThan(15);
    for (const path of pages) {
      await admin.page.goto(`${base}${path}`);
      await admin.page
        .locator(
          ".console-content .ant-result, .console-content .control-center, .console-content .console-view, .console-content iframe",
        )
        .first()
        .waitFor();
      expect(await admin.page.locator(".console-content .ant-result-404").count(), path).toBe(0);
    }
    expect(admin.problems).toEqual([]);
    expect(customer.problems).toEqual([]);
  });

  it("finds a page by a misspelled title and opens it", async () => {
    const { page } = track(await signedIn("admin", ADMIN_PASSWORD));
    await openConsole(page);
    // The search loads when reached for: pointing at the trigger replaces it with the search box
    // (a click would land on whatever is there once the pointer arrived, so the test only points).
    await page.locator(".header-search--trigger").hover();
    await page.locator(".header-search input").waitFor();
    await page.locator(".header-search input").focus();
    await page.keyboard.type("Onlne usres");
    // Chosen once the list has settled (a click during antd's opening motion can be lost).
    const option = page.locator(".ant-select-item-option", { hasText: "Online users" });
    await option.waitFor();
    await expect
      .poll(() => page.locator(".ant-select-dropdown").first().getAttribute("class"))
      .not.toMatch(/-(enter|appear)/);
    await option.click();
    await page.waitForURL(`${base}/monitor/online`);
  });

  it("keeps tabs: typed text survives switching, tabs close in every way, refresh remounts, and they survive a reload", async () => {
    const { page, problems } = track(await signedIn("admin", ADMIN_PASSWORD));
    await page.addInitScript(() =>
      localStorage.setItem("layout-setting", JSON.stringify({ tagsView: true, topNav: true })),
    );
    await openConsole(page, "/user/profile");
    const nickName = page.getByLabel("Display name");
    await nickName.fill("Typed but not saved");
    for (const path of ["/system/user", "/system/role", "/monitor/online", "/tool/build"]) {
      await page.goto(`${base}${path}`); // a full load: the tabs come back from session storage
      await page.locator(".tags-view").waitFor();
    }
    await tabNamed(page, "Personal center").locator("a").click();
    await page.waitForURL(`${base}/user/profile`);
    // After full loads the page was mounted again, so type again and switch within the app.
    await page.getByLabel("Display name").fill("Typed but not saved");
    await tabNamed(page, "Users").locator("a").click();
    await page.waitForURL(`${base}/system/user`);
    await tabNamed(page, "Personal center").locator("a").click();
    expect(await page.getByLabel("Display name").inputValue()).toBe("Typed but not saved");

    const titles = () => page.locator(".tags-view__tab").allTextContents();
    expect(await titles()).toEqual(["Home", "Personal center", "Users", "Roles", "Online users", "API documentation"]);

    const openMenus = page.locator(".ant-dropdown:not(.ant-dropdown-hidden)");
    const menuOn = async (title: string, action: string) => {
      await expect.poll(() => openMenus.count()).toBe(0); // the previous menu has finished closing
      await tabNamed(page, title).click({ button: "right" });
      // Once it has finished appearing: a click during antd's motion can be lost (nothing happens).
      await (await settledDropdown(page)).getByRole("menuitem", { name: action }).click();
    };

    // Refresh remounts only this tab: the typed text is gone.
    await menuOn("Personal center", "Refresh");
    await expect.poll(() => page.getByLabel("Display name").inputValue()).toBe("Administrator");

    await menuOn("Roles", "Close to the right");
    expect(await titles()).toEqual(["Home", "Personal center", "Users", "Roles"]);
    await menuOn("Users", "Close to the left");
    expect(await titles()).toEqual(["Home", "Users", "Roles"]);
    await page.waitForURL(`${base}/system/role`); // the shown tab closed: to the last remaining one
    await page.goto(`${base}/monitor/online`);
    await menuOn("Online users", "Close others");
    expect(await titles()).toEqual(["Home", "Online users"]);
    // Closing the last page goes to the last tab left: Home, the public home page.
    await tabNamed(page, "Online users").getByRole("button").click();
    await page.waitForURL(`${base}/index`);
    await page.goto(`${base}/system/user`);
    await page.locator(".tags-view").waitFor();
    expect(await titles()).toEqual(["Home", "Users"]);
    await menuOn("Users", "Close all");
    await page.waitForURL(`${base}/index`);
    expect(problems).toEqual([]);
  });

  it("keeps layout settings across a reload, and the size switcher resizes the components", async () => {
    const { page } = track(await signedIn("admin", ADMIN_PASSWORD));
    await openConsole(page);
    await page.locator(".console-user").click();
    await page.getByRole("menuitem", { name: "Settings", exact: true }).click();
    await page.getByLabel("Tabs").click();
    await page.getByLabel("Top menu").click();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Saving locally, please wait...").waitFor();
    await page.reload();
    await page.locator(".tags-view").waitFor();
    expect(await page.locator(".top-nav").count()).toBe(0);
    expect(await page.locator(".console-breadcrumb").textContent()).toContain("Overview");

    // An antd button of the page (the dashboard's export) follows the size chosen.
    const exportButton = page.getByRole("button", { name: "Export PDF" });
    await exportButton.waitFor();
    const searchHeight = () => exportButton.evaluate((el) => el.getBoundingClientRect().height);
    const medium = await searchHeight();
    await page.getByRole("button", { name: "Layout size" }).click();
    await (await settledDropdown(page)).getByRole("menuitemradio", { name: "Default" }).click();
    await page.getByText("Switch Size Success").waitFor();
    await expect.poll(searchHeight).toBeGreaterThan(medium);
  });

  it("behaves as a phone at 390 px: the sidebar is a drawer that closes after navigating", async () => {
    const { page, problems } = track(await signedIn("admin", ADMIN_PASSWORD, { width: 390, height: 844 }));
    await openConsole(page);
    expect(await page.locator(".console-sider").count()).toBe(0);
    await page.locator(".console-hamburger").click();
    await page.locator(".console-sidebar-drawer a.side-menu__item", { hasText: "My orders" }).click();
    await page.waitForURL(`${base}/control/orders`);
    await expect.poll(() => page.locator(".console-sidebar-drawer").getAttribute("class")).not.toContain("is-open");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}console-phone-390.png` });
    expect(problems).toEqual([]);
  });

  it("lets a user change their avatar, name and password in the personal center", async () => {
    const { page, problems } = track(await signedIn("linh.vo", "Hanoi2026x"));
    await openConsole(page, "/user/profile");
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page.locator(".profile__avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await expect
      .poll(() => page.locator(".profile__avatar img").getAttribute("src"))
      .toMatch(/^\/prod-api\/file\/.+\.png$/);
    await page
      .locator(".profile__avatar-input")
      .setInputFiles({ name: "virus.exe", mimeType: "application/octet-stream", buffer: png });
    await page.getByText("The file format is incorrect; please upload a png, jpg, jpeg file").waitFor();

    await page.getByLabel("Display name").fill("Võ Linh");
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.getByText("Saved").first().waitFor();
    await expect.poll(() => page.locator(".console-user__name").textContent()).toBe("Võ Linh");

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied", { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("linh.vo");

    await page.getByRole("tab", { name: "Change password" }).click();
    await page.getByLabel("Current password").fill("Hanoi2026x");
    await page.getByLabel("New password").fill("Saigon2027y");
    await page.getByLabel("Confirm password").fill("Saigon2027y");
    await page.getByRole("tabpanel").getByRole("button", { name: "Save" }).click();
    await page.getByText("Password changed; your other sessions have been signed out").waitFor();
    const relogin = await fetch(`${base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "linh.vo", password: "Saigon2027y" }),
    });
    expect(relogin.status).toBe(200);
    expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
  });

  it.each([
    [1280, "en"],
    [1280, "vi"],
    [1440, "zh-CN"],
    [1440, "id"],
  ])("shows the operator's top menu at %i px (%s) with every entry whole, the rest under More", async (width, lang) => {
    const { page, context, problems } = track(await signedIn("admin", ADMIN_PASSWORD, { width, height: 800 }));
    await context.addCookies([{ name: "uselang", value: lang, domain: "localhost", path: "/" }]);
    await openConsole(page);
    const items = page.locator(".top-nav__item");
    await items.first().waitFor();
    // Every entry shown is whole: its name is not cut ("Co…", "Syste…" before).
    const cut = await items.evaluateAll((buttons) =>
      buttons
        .map((button) => button.querySelector(":scope > span:last-child") as HTMLElement)
        .filter((name) => name.scrollWidth > name.clientWidth + 1)
        .map((name) => name.textContent),
    );
    expect(cut).toEqual([]);
    // The bar does not spill: its last entry ends inside it.
    const inside = await page.locator(".console-navbar .top-nav").evaluate((nav) => {
      const list = nav.querySelector(".top-nav__list:not(.top-nav__list--measure)") as HTMLElement;
      const last = list.lastElementChild as HTMLElement;
      return last.getBoundingClientRect().right <= nav.getBoundingClientRect().right + 1;
    });
    expect(inside).toBe(true);
    // In English at 1280 px the operator's sections do not all fit: the rest are under More.
    if (lang === "en") expect(await page.locator(".top-nav [aria-haspopup]").count()).toBe(1);
    await page.screenshot({ path: `${artifacts}console-top-menu-${lang}-${width}.png` });
    expect(problems).toEqual([]);
  });

  it("shows the console's 401 and 404 pages with their status", async () => {
    const { page } = track(await signedIn("admin", ADMIN_PASSWORD));
    expect((await page.goto(`${base}/401`))?.status()).toBe(401);
    await page.getByText("Sorry, you do not have access to this page.", { exact: false }).waitFor();
    expect((await page.goto(`${base}/404`))?.status()).toBe(404);
    await page.getByRole("button", { name: "Back to the control center" }).waitFor();
    // Inside the console an unknown page shows the same 404 in place.
    await openConsole(page, "/system/no-such-page");
    await page.locator(".console-content .ant-result-404").waitFor();
  });

  it("reloads the menus in the new language", async () => {
    const { page, problems } = track(await signedIn("admin", ADMIN_PASSWORD));
    await openConsole(page);
    for (const [language, name, title] of [
      ["简体中文", "zh-CN", "控制中心"],
      ["繁體中文", "zh-TW", "控制中心"],
      ["Bahasa Indonesia", "id", "Pusat kontrol"],
      ["Tiếng Việt", "vi", "Trung tâm điều khiển"],
      ["English", "en", "Control center"],
    ] as const) {
      // The previous language menu has finished closing: a click during its fade-out is lost.
      const openMenus = page.locator(".menu-popup:popover-open");
      await expect.poll(() => openMenus.count()).toBe(0);
      await page.locator(".console-language-menu").click();
      await (await settledDropdown(page)).getByRole("menuitemradio", { name: language }).click();
      await expect.poll(() => page.getAttribute("html", "lang")).toBe(name);
      await expect.poll(() => page.locator(".top-nav__item").first().textContent()).toBe(title);
      await page.screenshot({ path: `${artifacts}console-${name}-1440.png` });
    }
    expect(problems).toEqual([]);
  });
});
