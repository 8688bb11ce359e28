import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserMissing, hydrated, settledDialog } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";
import { getPage } from "./public-site.ts";
import { serverApi } from "./server-api.ts";

// A brand as a reseller sets it up: a long name, a wide wordmark, its own figures; seen in the
// header at laptop and phone widths, in its mails and on its home page.
const ADMIN_PASSWORD = "branding-admin-pass-1";
const LONG_NAME = "Lotus Shield Việt Nam";
const site = mailedServerForThisFile({ ADMIN_PASSWORD, EMAIL_VERIFICATION: "true" });
const { smtp } = site;
let adminToken: string;
const { api, login } = serverApi(() => site.base);
const demo = () => `http://demo.localhost:${site.server.port}`;

/** A wordmark of 240×64: a PNG band in the brand's green. */
const WORDMARK = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAABACAIAAACr/W2wAAAAlElEQVR42u3SQQ0AAAjEsLOAZtTgkjcWSJMqWJaahjciAYYGQ4OhwdAYGgwNhgZDg6ExNBgaDA2GBkNjaDA0GBoMDYbG0GBoMDQYGgyNocHQYGgwNBgaQ4OhwdBgaDA0hgZDg6HB0BgaDA2GBkODoTE0GBoMDYYGQ2NoMDQYGgwNhsbQYGgwNBgaDI2hwdBgaDA0XAvpwVBXyt6apAAAAABJRU5ErkJggg==",
  "base64",
);

type Site = { siteId: number; agentCode: string; domains: string[] } & Record<string, unknown>;

/**
 * How far the last row of a figure band is off the band's centre, in px: a row that is not full
 * (a hidden figure) is centred, not a hole at its end.
 */
const lastRowOffCentre = (band: Locator) =>
  band.evaluate((list) => {
    const items = [...list.querySelectorAll(".figures__item")].map((item) => item.getBoundingClientRect());
    const lastTop = Math.max(...items.map((item) => item.top));
    const row = items.filter((item) => Math.abs(item.top - lastTop) < 1);
    const rowCentre = (Math.min(...row.map((item) => item.left)) + Math.max(...row.map((item) => item.right))) / 2;
    const box = list.getBoundingClientRect();
    return Math.abs(rowCentre - (box.left + box.right) / 2);
  });
const lotus = async () =>
  (await api<{ data: Site[] }>("/system/site/list", { token: adminToken })).data.find((s) => s.agentCode === "LOTUS")!;

describe.skipIf(browserMissing)("a site's brand in Chromium", () => {
  beforeAll(async () => {
    adminToken = await login("admin", ADMIN_PASSWORD);
  }, 180_000);

  async function openSystemSites(): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" },
      { name: "uselang", value: "en", domain: "localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(`${site.base}/system/site`);
    await hydrated(page);
    await page.locator("tr.ant-table-row", { hasText: "Lotus Shield" }).getByRole("button", { name: "Edit" }).click();
    return page;
  }

  it("takes a long name and a wide wordmark, previewed at the header's size with advice on what works", async () => {
    const page = await openSystemSites();
    const dialog = await settledDialog(page);
    await dialog.getByText("a wordmark about 240 × 64 px").waitFor();
    await dialog.getByLabel("Company name").fill(LONG_NAME);
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "wordmark.png", mimeType: "image/png", buffer: WORDMARK });
    const preview = dialog.locator(".site-logo-preview__logo");
    await preview.waitFor();
    await dialog.getByText("the image is 240 × 64 px").waitFor();
    // Drawn as the header draws it: 36 px high, in its own proportions.
    const box = (await preview.boundingBox())!;
    expect(box.height).toBe(36);
    expect(box.width).toBeCloseTo(135, 0);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText(`${LONG_NAME} has been saved`).waitFor();
    await page.context().close();
  });

  // What a visitor would notice: the name or the logo under the menu, or a squeezed logo.
  it.each([
    [1280, false],
    [1280, true],
    [1440, false],
    [1440, true],
    [390, false],
  ])("at %i px (signed in: %s) the brand and the menu do not overlap, the logo keeps its proportions", async (width, signedIn) => {
    const context = await site.browser.newContext({ viewport: { width, height: 800 } });
    if (signedIn)
      await context.addCookies([{ name: "Admin-Token", value: adminToken, domain: "demo.localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${demo()}/index`);
    await hydrated(page);
    const logo = (await page.locator(".site-header__brand img").boundingBox())!;
    expect(logo.height).toBe(36);
    expect(logo.width / logo.height).toBeCloseTo(240 / 64, 1);
    const brand = (await page.locator(".site-header__brand").boundingBox())!;
    const company = page.locator(".site-header__company");
    // Whatever of the menu is on the bar (the burger on a phone) starts right of the brand.
    const bar = page.locator(".site-header__bar > .site-nav, .site-header__bar > .language-switch");
    for (const item of await bar.all()) {
      const menu = (await item.boundingBox())!;
      expect(brand.x + brand.width, `brand ends before the menu at ${width} px`).toBeLessThanOrEqual(menu.x);
    }
    const links = page.locator(".site-nav__panel a:visible, .site-nav__panel summary:visible");
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      if (box.y < 64) expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(brand.x + brand.width);
    }
    // The name, whole or on two lines, stays beside the logo within the brand; where even that does
    // not fit, it has moved to a row of its own that the bar does not show, never under the menu.
    const name = (await company.boundingBox())!;
    if (name.y < brand.y + brand.height) expect(name.x + name.width).toBeLessThanOrEqual(brand.x + brand.width + 0.5);
    if (width === 1440) expect(name.y).toBeLessThan(brand.y + brand.height);
    if (signedIn) await page.getByRole("link", { name: "Console" }).first().waitFor();
    await context.close();
  });

  it("serves the uploaded logo at the site's own address, and its mails show it there", async () => {
    const lotusSite = await lotus();
    const logo = await getPage(site.server.port, "/brand/logo.png", { host: `demo.localhost:${site.server.port}` });
    expect(logo.status).toBe(200);
    // Another site's host has no such logo; no other upload is served there.
    expect((await getPage(site.server.port, "/brand/logo.png", { host: `localhost:${site.server.port}` })).status).toBe(
      404,
    );
    expect(String(lotusSite.logo1)).toMatch(/^\/prod-api\/file\//);

    // A customer registers on the brand: the address check is mailed with the brand's logo.
    const registered = await fetch(`${site.base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "agent-code": "LOTUS", "accept-language": "vi" },
      body: JSON.stringify({ username: "minh.le", password: "Saigon-2026x", email: "minh@example.vn" }),
    });
    expect(registered.status).toBe(200);
    await expect.poll(() => smtp.to("minh@example.vn").length, { timeout: 30_000 }).toBe(1);
    const mail = smtp.to("minh@example.vn")[0]!;
    const img = /<img[^>]+src="[^"]+\/brand\/logo\.png[^>]*>/.exec(mail.html)?.[0] ?? "";
    const src = /src="([^"]+)"/.exec(img)?.[1];
    // A local name carries the port the server listens on (as every link of its mails does).
    expect(src).toMatch(new RegExp(`^http://demo\\.localhost:${site.server.port}/brand/logo\\.png\\?v=[0-9a-f]{8}$`));
    // The address answers with the logo.
    const url = new URL(src!);
    const fetched = await getPage(site.server.port, `${url.pathname}${url.search}`, {
      host: `demo.localhost:${site.server.port}`,
    });
    expect(fetched.status).toBe(200);
    // Drawn 40 px high in its own proportions (240×64 → 150×40), not squeezed into a box.
    expect(img).toContain('height="40"');
    expect(img).toContain('width="150"');
  });

  it("shows the site's own figures on its home and about pages, and leaves out a hidden one", async () => {
    const page = await openSystemSites();
    const dialog = await settledDialog(page);
    await dialog.getByRole("button", { name: "Marketing figures" }).click();
    await dialog.getByRole("spinbutton", { name: "Edge nodes" }).fill("1200");
    const showCustomers = dialog.getByRole("switch", { name: "Show Customers" });
    await showCustomers.click();
    // On a busy machine the form may take the click a moment later: saved only once it shows.
    await expect.poll(() => showCustomers.getAttribute("aria-checked")).toBe("false");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText(`${LONG_NAME} has been saved`).waitFor();
    expect((await lotus()).marketingFigures).toEqual({ nodes: 1200, customers: null });

    const home = await page.context().newPage();
    await home.goto(`${demo()}/index`);
    const band = home.locator(".figures__list");
    await band.getByText("1,200+").waitFor();
    expect(await band.getByText("customers protected").count()).toBe(0);
    expect(await band.getByText("2,800+").count()).toBe(0);
    // In Vietnamese, written as Vietnamese writes numbers.
    await home.goto(`${demo()}/index?lang=vi`);
    await home.locator(".figures__list").getByText("1.200+").waitFor();
    // The about page claims no customers count: neither in its band nor in its story.
    await home.goto(`${demo()}/about?lang=en`);
    await home.locator(".figures__list").getByText("1,200+").waitFor();
    expect(await home.getByText("customers protected").count()).toBe(0);
    expect(await home.getByText(/More than [\d,]+ customers/).count()).toBe(0);
    await home.getByText("security engineers with").waitFor();
    // Seven figures on the home page, five on the about page: the rows that are not full are
    // centred, on a laptop and on a phone.
    for (const width of [1440, 390]) {
      await home.setViewportSize({ width, height: 900 });
      for (const path of ["/index", "/about"]) {
        await home.goto(`${demo()}${path}?lang=en`);
        const band = home.locator(".figures__list");
        await band.getByText("1,200+").waitFor();
        expect(await lastRowOffCentre(band), `${path} at ${width} px`).toBeLessThan(1.5);
      }
    }
    // The default site keeps the spec's figures.
    await home.goto(`${site.base}/index`);
    await home.locator(".figures__list").getByText("2,800+").waitFor();
    await home.locator(".figures__list").getByText("customers protected").waitFor();
    await page.context().close();
  });
});
