import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "otplib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { browserMissing, hydrated, launchChromium, openRecordedPage, settledDialog } from "./browser.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "rampart-two-factor-"));
const ADMIN_PASSWORD = "two-factor-admin-pass-1";
let server: ServerProcess;
let browser: Browser;
let base: string;
/** What the administrator set up in the first test, for the next ones. */
let secret = "";
let recoveryCodes: string[] = [];

/**
 * The code the authenticator app shows for the next 30-second window: the window of the code
 * used just before is spent (a code is good once), and the server accepts one window of drift.
 */
const nextCode = () => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function passwordStep(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  await hydrated(page);
  await page.locator("#username").fill("admin");
  await page.locator("#password").fill(ADMIN_PASSWORD);
  await page.locator("button[type=submit]").click();
}

describe.skipIf(browserMissing)("two-factor sign-in in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // A new installation as it comes: the administrator role requires two-factor sign-in.
    server = await startServerProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_ENABLED: "false",
      ADMIN_TWO_FACTOR: "true",
    });
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds the administrator at enrolment on a first sign-in, then opens the console", async () => {
    const { page, problems } = await openRecordedPage(browser);
    await passwordStep(page, "/admin/login");
    await page.getByRole("heading", { name: "Set up two-factor sign-in" }).waitFor();
    // Nothing of the console is reachable meanwhile: the server refuses its data.
    expect(await page.locator(".console-sider").count()).toBe(0);

    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    // A session alone sets up nothing: the password first.
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await page.getByRole("img", { name: "QR code to add this account to an authenticator app" }).waitFor();
    secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: `${artifacts}two-factor-setup-1440.png`, fullPage: true });

    await page.getByLabel("Code", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("Enter the 6 digits the app shows").waitFor();
    await page.getByLabel("Code", { exact: true }).fill(await generate({ secret }));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    recoveryCodes = await page.getByTestId("recovery-codes").locator("code").allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.screenshot({ path: `${artifacts}two-factor-codes-1440.png`, fullPage: true });

    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.locator(".control-center").waitFor();
    await page.locator(".console-sider").waitFor();
    expect(problems.filter((p) => !p.includes("403"))).toEqual([]);
  });

  it("asks for the code after the password, refuses a wrong one, and shows the session in the personal center", async () => {
    const { page } = await openRecordedPage(browser);
    await passwordStep(page, `/admin/login?redirect=${encodeURIComponent("/user/profile")}`);
    const code = page.getByLabel("Verification code");
    await code.waitFor();
    await page.screenshot({ path: `${artifacts}two-factor-login-1440.png`, fullPage: true });
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Wrong password or verification code").waitFor();
    await code.fill(await nextCode());
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${base}/user/profile`);

    await page.getByRole("tab", { name: "Two-factor sign-in" }).click();
    await page.getByText("Recovery codes left").waitFor();
    await page.getByRole("tab", { name: "Sessions" }).click();
    await page.getByText("This device").waitFor();
    // The first test's session and this one.
    expect(await page.locator(".own-sessions__item").count()).toBe(2);
    await page.getByRole("button", { name: "Sign out all other sessions" }).click();
    const ended = page.waitForResponse(
      (response) =>
        response.request().method() === "DELETE" && response.url().endsWith("/prod-api/system/user/profile/sessions"),
    );
    // Once the dialog has opened: a click during antd's zoom-in can be lost (this test's failure
    // under a full CI run, twice: no request was made, so no message came).
    await (await settledDialog(page)).getByRole("button", { name: "Confirm" }).click();
    expect(await (await ended).json()).toMatchObject({ code: 200, data: { ended: 1 } });
    await page.getByText("1 session ended").waitFor();
    await expect.poll(() => page.locator(".own-sessions__item").count()).toBe(1);
    await page.screenshot({ path: `${artifacts}two-factor-sessions-1440.png`, fullPage: true });
  });

  it("signs in on a phone in Vietnamese with a recovery code", async () => {
    const { page } = await openRecordedPage(browser, { width: 390, height: 844 });
    await passwordStep(page, "/admin/login?lang=vi");
    const code = page.getByLabel("Mã xác minh");
    await code.waitFor();
    await page.screenshot({ path: `${artifacts}two-factor-login-vi-390.png`, fullPage: true });
    await code.fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Xác minh" }).click();
    await page.waitForURL(`${base}/control/customer`);
    await page.locator(".control-center").waitFor();
    await page.goto(`${base}/user/profile`);
    await page.getByRole("tab", { name: "Xác minh hai bước" }).click();
    await page.getByText("Mã khôi phục còn lại").waitFor();
    expect(await page.locator(".two-factor__facts dd").nth(1).textContent()).toContain("9");
    await page.screenshot({ path: `${artifacts}two-factor-profile-vi-390.png`, fullPage: true });
  });
});
