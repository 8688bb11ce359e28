import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, launchChromium, openPageAs, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-support-"));
const ADMIN_PASSWORD = "support-admin-1";
const DEMO_PASSWORD = "Demo-support-2026";
let server: ServerProcess;
let browser: Browser;
let base: string;
const { login } = serverApi(() => base);

const signedInPage = (token: string, path: string, width: number, language = "en") =>
  openPageAs(browser, `${base}${path}`, { width, language, token });

/** Types into the console's rich-text editor of this part of the page. */
async function write(page: Page, scope: string, text: string) {
  const editor = page.locator(`${scope} .rich-text__content [contenteditable="true"]`);
  await editor.click();
  await editor.pressSequentially(text);
}

describe.skipIf(browserMissing)("the support desk in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      DEMO_DATA: "true",
      DEMO_PASSWORD,
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let ticketNo = "";

  it("lets a customer open a ticket with an attachment, and shows it to the desk with its due times", async () => {
    const customer = await login("demo", DEMO_PASSWORD);
    const { context, page, problems } = await signedInPage(customer, "/control/support", 1440);
    await page.getByText("No tickets yet").waitFor();
    await page.getByRole("button", { name: "New ticket" }).click();
    const dialog = await settledDialog(page);
    await dialog.locator("#ticket_departmentId").click();
    await page.locator(".ant-select-item-option", { hasText: "Technical support" }).click();
    await dialog.locator("#ticket_subject").fill("The go-live check says my CNAME is wrong");
    await write(page, ".ant-modal", "I set the CNAME yesterday and the check still fails.");
    await dialog.getByTestId("ticket-attachment").setInputFiles({
      name: "dig.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("shop.example.com. CNAME x.cdn\n"),
    });
    await dialog.getByText("dig.txt").waitFor();
    await dialog.getByRole("button", { name: "Send" }).click();
    // The new ticket opens at once, its message and file in it; the list shows it waiting for us.
    const drawer = page.locator(".ticket-drawer");
    await drawer.getByText("I set the CNAME yesterday").waitFor();
    await drawer.getByRole("button", { name: "dig.txt" }).waitFor();
    ticketNo = /ticket=(\d+)/.exec(page.url())![1]!;
    await page.screenshot({ path: `${artifacts}support-ticket-en-1440.png` });
    await drawer.locator(".ant-drawer-close").click();
    await page.locator(".list-view tbody tr.ant-table-row").filter({ hasText: "Waiting for us" }).waitFor();
    await page.screenshot({ path: `${artifacts}support-en-1440.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();

    const admin = await login("admin", ADMIN_PASSWORD);
    const desk = await signedInPage(admin, "/business/support", 1440);
    const row = desk.page.locator(".list-view tbody tr.ant-table-row").filter({ hasText: ticketNo });
    await row.waitFor();
    expect(await row.textContent()).toContain("First answer");
    await desk.page.screenshot({ path: `${artifacts}support-desk-en-1440.png`, fullPage: true });
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });

  it("lets an operator write a note the customer never sees and an answer she does, which she rates", async () => {
    const admin = await login("admin", ADMIN_PASSWORD);
    const desk = await signedInPage(admin, `/business/support?ticket=${ticketNo}`, 1440);
    const drawer = desk.page.locator(".desk-drawer");
    await drawer.getByText("I set the CNAME yesterday").waitFor();
    // Beside the thread: her packages.
    await drawer.locator(".desk-ticket__side").getByText("Packages").waitFor();
    await drawer.getByText("Internal note", { exact: true }).click();
    await write(desk.page, ".desk-drawer .ticket-reply", "Her record points at the old target.");
    await drawer.getByRole("button", { name: "Add note" }).click();
    await drawer.locator(".ticket-message--note").getByText("Her record points at the old target.").waitFor();
    await drawer.getByText("Answer", { exact: true }).click();
    await write(
      desk.page,
      ".desk-drawer .ticket-reply",
      "Point it at shop-example.cdn.example.net and press Check again.",
    );
    await drawer.getByRole("button", { name: "Send", exact: true }).click();
    await drawer.locator(".ticket-message--staff").filter({ hasText: "Point it at" }).waitFor();
    await drawer.locator(".ant-tag", { hasText: "Answered" }).waitFor();
    await desk.page.screenshot({ path: `${artifacts}support-desk-ticket-en-1440.png` });
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    const customer = await login("demo", DEMO_PASSWORD);
    const mine = await signedInPage(customer, `/control/support?ticket=${ticketNo}`, 390);
    const thread = mine.page.locator(".ticket-drawer");
    await thread.getByText("Point it at shop-example.cdn.example.net").waitFor();
    expect(await thread.textContent()).not.toContain("old target");
    await thread.locator(".ant-rate-star").nth(4).click();
    await thread.getByRole("button", { name: "Send rating" }).click();
    await thread.getByText("You rated our answers 5 of 5. Thank you.").waitFor();
    await mine.page.screenshot({ path: `${artifacts}support-ticket-en-390.png` });
    expect(mine.problems).toEqual([]);
    await mine.context.close();
  });

  it("pages the on-call people when a customer is under attack, until an operator acknowledges it", async () => {
    const customer = await login("demo", DEMO_PASSWORD);
    const { context, page, problems } = await signedInPage(customer, "/control/support", 1440, "vi");
    await page.getByRole("button", { name: "Đang bị tấn công?" }).click();
    const dialog = await settledDialog(page);
    await dialog.locator("#attack_serviceOrderNo").click();
    await page.locator(".ant-select-item-option").first().click();
    await dialog.locator("#attack_message").fill("Trang chậm từ 14:05");
    await dialog.getByRole("button", { name: "Báo đội trực" }).click();
    await page.locator(".ticket-drawer").getByText("Trang chậm từ 14:05").waitFor();
    await page.locator(".ticket-drawer .ant-tag", { hasText: "Khẩn cấp" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const admin = await login("admin", ADMIN_PASSWORD);
    const desk = await signedInPage(admin, "/business/support", 390);
    const paging = desk.page.locator(".list-view tbody tr.ticket-row--paging");
    await paging.waitFor();
    await desk.page.screenshot({ path: `${artifacts}support-desk-en-390.png`, fullPage: true });
    await paging.getByRole("button").first().click();
    const drawer = desk.page.locator(".desk-drawer");
    await drawer.getByRole("button", { name: "Acknowledge" }).click();
    await expect.poll(() => drawer.getByRole("button", { name: "Acknowledge" }).count()).toBe(0);
    await drawer.locator(".ant-drawer-close").click();
    await expect.poll(() => desk.page.locator(".list-view tbody tr.ticket-row--paging").count()).toBe(0);
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
  it("draws the desk, its settings and the customer's tickets in Chinese and Indonesian at 1280 px", async () => {
    const admin = await login("admin", ADMIN_PASSWORD);
    const tabs = {
      "zh-CN": ["部门", "快捷回复", "服务时限", "隔离邮件"],
      "zh-TW": ["部門", "快速回覆", "服務時限", "隔離郵件"],
      id: ["Departemen", "Balasan siap pakai", "Target layanan", "Email karantina"],
    };
    for (const [language, names] of Object.entries(tabs)) {
      const desk = await signedInPage(admin, "/business/support", 1280, language);
      await desk.page.locator(".list-view .ant-table").waitFor();
      await desk.page.locator(".list-view .ant-spin-spinning").waitFor({ state: "detached" });
      await desk.page.screenshot({ path: `${artifacts}support-desk-${language}-1280.png`, fullPage: true });
      for (const [index, name] of names.entries()) {
        const tab = ["departments", "canned", "sla", "quarantine"][index];
        await desk.page.goto(`${base}/business/support?settings=${tab}`);
        await desk.page.getByRole("tab", { name, selected: true }).waitFor();
        await desk.page.locator(".ant-drawer .ant-spin-spinning").waitFor({ state: "detached" });
        await desk.page.screenshot({ path: `${artifacts}support-settings-${tab}-${language}-1280.png` });
      }
      expect(desk.problems).toEqual([]);
      await desk.context.close();
    }
    const customer = await login("demo", DEMO_PASSWORD);
    const mine = await signedInPage(customer, "/control/support", 1280, "id");
    await mine.page.getByRole("button", { name: "Sedang diserang?" }).waitFor();
    await mine.page.screenshot({ path: `${artifacts}support-id-1280.png`, fullPage: true });
    expect(mine.problems).toEqual([]);
    await mine.context.close();
  });
});
