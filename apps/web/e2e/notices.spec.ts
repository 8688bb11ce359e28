import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, settledDialog } from "./browser.ts";
import { serverApi } from "./server-api.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-notices-"));
const ADMIN_PASSWORD = "notices-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
let adminToken: string;
let customerToken: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
/** The start of a Windows executable. */
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(200)]);
const text = (name: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`Notes ${name}\n`) });

const { api, login } = serverApi(() => base);

async function open(token: string, path: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await hydrated(page);
  return page;
}

describe.skipIf(browserMissing)("System → Notices in Chromium", () => {
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD, CAPTCHA_ENABLED: "false" });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    await api("/auth/register", { body: { username: "thu.ha", password: "Hue2026xyz", email: "thu@example.vn" } });
    customerToken = await login("thu.ha", "Hue2026xyz");
    adminToken = await login("admin", ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes a notice in rich text with an attachment, refusing a sixth file, an oversized one and a renamed executable", async () => {
    const page = await open(adminToken, "/system/notice");
    await page.getByRole("button", { name: "New notice" }).click();
    const dialog = await settledDialog(page);
    await dialog.getByLabel("Title").fill("Scheduled maintenance");
    await dialog.getByText("Announcement", { exact: true }).click();
    await dialog.getByText("Published", { exact: true }).click();
    const editor = dialog.locator(".tiptap");
    await editor.click();
    await page.keyboard.type("Hanoi nodes are upgraded on ");
    await dialog.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Saturday");

    const files = dialog.locator(".ant-upload input[type=file]");
    // A renamed executable: refused by the server, which looks at the content.
    await files.setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: EXE });
    await page
      .getByText(/file format is incorrect/)
      .first()
      .waitFor();
    // More than 5 MB: refused before it is sent.
    await files.setInputFiles({
      name: "big.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByText("The upload file size cannot exceed 5 MB").first().waitFor();
    // Six at once: five are taken, the sixth refused.
    await files.setInputFiles(["1", "2", "3", "4", "5", "6"].map((n) => text(`note-${n}.txt`)));
    await page.getByText("The number of uploaded files cannot exceed 5").first().waitFor();
    await expect.poll(() => dialog.locator(".ant-upload-list-item").count()).toBe(5);
    // Make room for the real attachment.
    for (let left = 4; left >= 0; left--) {
      await dialog.locator(".ant-upload-list-item button[title]").first().click();
      await expect.poll(() => dialog.locator(".ant-upload-list-item").count()).toBe(left);
    }
    await files.setInputFiles({ name: "maintenance-plan.pdf", mimeType: "application/pdf", buffer: PDF });
    await dialog.locator(".ant-upload-list-item", { hasText: "maintenance-plan.pdf" }).waitFor();

    // A picture that is not one: the editor says its insertion failed, and inserts nothing.
    await dialog.getByTestId("rich-text-image").setInputFiles({ name: "map.png", mimeType: "image/png", buffer: EXE });
    await page.getByText("Image insertion failed").waitFor();
    expect(await editor.locator("img").count()).toBe(0);

    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Scheduled maintenance has been saved").waitFor();
    await page.locator("tr", { hasText: "Scheduled maintenance" }).getByText("Published").waitFor();
    const { rows } = await api<{ rows: { content: string; attachments: { name: string }[] }[] }>(
      "/system/notice/list",
      {
        token: adminToken,
      },
    );
    expect(rows[0]!.content).toBe("<p>Hanoi nodes are upgraded on <strong>Saturday</strong></p>");
    expect(rows[0]!.attachments.map((a) => a.name)).toEqual(["maintenance-plan.pdf"]);
  });

  it("shows the published notice to a customer on the control center, with its attachment", async () => {
    const page = await open(customerToken, "/control/customer", 390);
    await page.getByRole("button", { name: /Scheduled maintenance/ }).click();
    const reader = await settledDialog(page);
    expect(await reader.locator("strong").textContent()).toBe("Saturday");
    const link = reader.getByRole("link", { name: "maintenance-plan.pdf" });
    expect(await link.getAttribute("href")).toMatch(/^\/prod-api\/file\/[0-9a-f-]{36}\.pdf$/);
  });
});
