import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MAIL_EVENTS } from "../../server/src/modules/mail/mail-texts.ts";
import { browserMissing, hydrated } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const ADMIN_PASSWORD = "templates-admin-pass-1";
const ADMIN_EMAIL = "ops@rampart.test";
const site = mailedServerForThisFile({ ADMIN_PASSWORD });
const { smtp } = site;
let adminToken: string;

const DEFAULT_SUBJECT = "Đặt lại mật khẩu {{company}} của bạn";
const EDITED_SUBJECT = "Khôi phục quyền truy cập {{company}} của bạn";
const EDITED_HEADING = "Khôi phục quyền truy cập";

async function api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${site.base}/prod-api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A page of the console signed in as the administrator; what goes wrong in it is recorded. */
async function openConsole(path: string, language: string, viewport: { width: number; height: number }) {
  const context = await site.browser.newContext({ viewport });
  await context.addCookies([
    { name: "Admin-Token", value: adminToken, domain: "localhost", path: "/" },
    { name: "uselang", value: language, domain: "localhost", path: "/" },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    // A refused preview is answered 400 on purpose; the browser logs the status of such a fetch.
    if (message.type() === "error" && !/status of 400/.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  await page.goto(`${site.base}${path}`);
  await hydrated(page);
  await page.locator("tbody tr.ant-table-row").first().waitFor();
  return { page, problems };
}

const editor = (page: Page) => page.locator(".mail-template-drawer");
/** The confirmation over the editor, once its opening animation has ended (a click during it can be lost). */
async function settledConfirm(page: Page) {
  const dialog = page.locator(".ant-modal-confirm");
  await dialog.waitFor();
  await expect.poll(() => dialog.getAttribute("class")).not.toMatch(/ant-zoom-(appear|enter)/);
  return dialog;
}
const previewFrame = (page: Page) => page.frameLocator("iframe.mail-template__frame");

describe.skipIf(browserMissing)("the mail templates in Chromium", () => {
  beforeAll(async () => {
    const login = await api("/auth/admin/login", { body: { username: "admin", password: ADMIN_PASSWORD } });
    adminToken = (login.body.data as { access_token: string }).access_token;
    // The test mail goes to the operator's own address.
    const profile = await api("/system/user/profile", {
      method: "PUT",
      body: { nickName: "Operations", email: ADMIN_EMAIL, phonenumber: "" },
    });
    expect(profile.status).toBe(200);
  });

  it("edits the Vietnamese password reset mail with a live preview, tests it, uses it, and reverts it", async () => {
    const { page, problems } = await openConsole("/system/mailTemplate", "en", { width: 1440, height: 900 });
    const row = page.locator("tr.ant-table-row", { hasText: "Password reset link" });
    await row.locator('[aria-label="Tiếng Việt: Default"]').waitFor();
    // Every mail the server sends has its row.
    expect(await page.locator("tr.ant-table-row").count()).toBe(Object.keys(MAIL_EVENTS).length);
    await page.screenshot({ path: `${artifacts}mail-templates-1440.png`, fullPage: true });

    await row.getByRole("button", { name: "Password reset link" }).click();
    const drawer = editor(page);
    await drawer.getByLabel("Subject").waitFor();
    await drawer.getByRole("tab", { name: "Tiếng Việt" }).click();
    await expect.poll(() => drawer.getByLabel("Subject").inputValue()).toBe(DEFAULT_SUBJECT);
    await drawer.locator(".mail-template__status", { hasText: "Default" }).waitFor();
    // The preview of the default text, with the sample values and the site's name.
    await previewFrame(page).getByText("Đặt lại mật khẩu", { exact: true }).waitFor();

    await drawer.getByLabel("Subject").fill(EDITED_SUBJECT);
    await drawer.getByLabel("Heading").fill(EDITED_HEADING);
    await drawer
      .locator(".mail-template__subject", { hasText: "Khôi phục quyền truy cập Rampart Cloud của bạn" })
      .waitFor();
    await previewFrame(page).getByText(EDITED_HEADING, { exact: true }).waitFor();
    await page.screenshot({ path: `${artifacts}mail-templates-edited-1440.png` });

    // A placeholder this mail does not fill is refused under the editor, not saved.
    const body = drawer.getByLabel("Body");
    const original = await body.inputValue();
    await body.fill(`${original}\n\nGhi chú: {{foo}}`);
    const refusal = drawer.locator(".mail-template__refusal");
    await refusal.getByText(/Unknown placeholder \{\{foo\}\}/).waitFor();
    await page.screenshot({ path: `${artifacts}mail-templates-refused-1440.png` });
    expect(await refusal.textContent()).toContain("{{minutes}}");
    // Fixed with a chip: it goes where the cursor is (the end of the body).
    await body.fill(`${original}\n\nGhi chú: `);
    await drawer.getByRole("button", { name: "{{name}}" }).click();
    expect(await body.inputValue()).toBe(`${original}\n\nGhi chú: {{name}}`);
    await refusal.waitFor({ state: "detached" });
    await previewFrame(page).getByText("Ghi chú:", { exact: false }).waitFor();
    // The text part, filled with the same sample values.
    await drawer.getByText("Text part", { exact: true }).click();
    await drawer.locator("pre.mail-log__text", { hasText: "Ghi chú: Nguyễn Văn An" }).waitFor();
    expect(await drawer.locator("iframe.mail-template__frame").isHidden()).toBe(true);
    await drawer.getByText("As sent", { exact: true }).click();
    await drawer.locator("iframe.mail-template__frame").waitFor();

    await drawer.getByRole("button", { name: "Save" }).click();
    await page.getByText("The Tiếng Việt text of “Password reset link” has been saved").waitFor();
    await drawer.locator(".mail-template__status", { hasText: "Customized" }).waitFor();
    await drawer.locator(".mail-template__status", { hasText: "Changed by admin" }).waitFor();
    await row.locator('[aria-label="Tiếng Việt: Customized"]').waitFor();
    const saved = await api("/system/mailTemplate/password_reset/vi");
    expect(saved.body.data).toMatchObject({
      customized: true,
      text: { subject: EDITED_SUBJECT, heading: EDITED_HEADING, body: `${original}\n\nGhi chú: {{name}}` },
    });

    // A test of the text to the operator's own address.
    await drawer.getByRole("button", { name: "Send a test to me" }).click();
    await page.getByText(`A test of this mail was sent to ${ADMIN_EMAIL}`).waitFor();
    await expect.poll(() => smtp.to(ADMIN_EMAIL).length, { timeout: 20_000 }).toBe(1);
    expect(smtp.to(ADMIN_EMAIL)[0]!.subject).toBe("Khôi phục quyền truy cập Rampart Cloud của bạn");

    // The next real mail of this kind in Vietnamese is written with it.
    const forgot = await api("/auth/password/forgot", {
      body: { account: "admin" },
      headers: { "accept-language": "vi" },
    });
    expect(forgot.status).toBe(200);
    await expect.poll(() => smtp.to(ADMIN_EMAIL).length, { timeout: 20_000 }).toBe(2);
    const real = smtp.to(ADMIN_EMAIL)[1]!;
    expect(real.subject).toBe("Khôi phục quyền truy cập Rampart Cloud của bạn");
    expect(real.text).toContain(EDITED_HEADING);
    expect(real.text).toMatch(/\/cloud\/reset-password\?token=/);

    // Back to the default.
    await drawer.getByRole("button", { name: "Revert to default" }).click();
    // Once its opening animation has ended: a click during it can be lost.
    const popconfirm = page.locator(".ant-popconfirm");
    await popconfirm.waitFor();
    await expect.poll(() => popconfirm.getAttribute("class")).not.toMatch(/ant-zoom-big-(appear|enter)/);
    await popconfirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The Tiếng Việt text of “Password reset link” is the default again").waitFor();
    await expect.poll(() => drawer.getByLabel("Subject").inputValue()).toBe(DEFAULT_SUBJECT);
    await drawer.locator(".mail-template__status", { hasText: "Default" }).waitFor();
    expect(await drawer.getByRole("button", { name: "Revert to default" }).count()).toBe(0);
    await row.locator('[aria-label="Tiếng Việt: Default"]').waitFor();
    expect((await api("/system/mailTemplate/password_reset/vi")).body.data).toMatchObject({
      customized: false,
      text: { subject: DEFAULT_SUBJECT },
    });

    // Unsaved changes are not lost without a word.
    await drawer.getByLabel("Subject").fill("Bản nháp");
    await drawer.getByRole("tab", { name: "English" }).click();
    const confirm = await settledConfirm(page);
    await confirm.locator(".ant-modal-confirm-title", { hasText: "Discard your changes?" }).waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    expect(await drawer.getByLabel("Subject").inputValue()).toBe("Bản nháp");
    await drawer.getByRole("button", { name: "Cancel" }).click();
    await (await settledConfirm(page)).getByRole("button", { name: "Discard" }).click();
    await drawer.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([
    { language: "en", width: 390, label: "Password reset link" },
    { language: "vi", width: 390, label: "Liên kết đặt lại mật khẩu" },
    { language: "vi", width: 1440, label: "Liên kết đặt lại mật khẩu" },
  ])("fits $width px in $language", async ({ language, width, label }) => {
    const { page, problems } = await openConsole("/system/mailTemplate", language, { width, height: 844 });
    // The list fits the screen (on a phone the languages go under each mail's name).
    const table = page.locator(".ant-table-content");
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const name = `${width}${language === "en" ? "" : `-${language}`}`;
    await page.screenshot({ path: `${artifacts}mail-templates-${name}.png`, fullPage: true });

    await page.getByRole("button", { name: label, exact: true }).click();
    const drawer = editor(page);
    await drawer.locator("#mail-template-subject").waitFor();
    await drawer.locator(".mail-template__subject").waitFor();
    await previewFrame(page).getByText("Rampart Cloud", { exact: true }).first().waitFor();
    // Nothing wider than the drawer.
    const body = drawer.locator(".ant-drawer-body");
    expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await page.screenshot({ path: `${artifacts}mail-templates-editor-${name}.png` });
    if (width < 992) {
      await drawer.locator(".mail-template__preview").scrollIntoViewIfNeeded();
      // Chromium paints a sandboxed frame that was below the fold in a frame after it scrolls in.
      await page.locator("iframe.mail-template__frame").evaluate(
        (frame) =>
          new Promise<void>((painted) => {
            const seen = new IntersectionObserver((entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              seen.disconnect();
              requestAnimationFrame(() => requestAnimationFrame(() => painted()));
            });
            seen.observe(frame);
          }),
      );
      await page.screenshot({ path: `${artifacts}mail-templates-preview-${name}.png` });
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
