import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { browserMissing, hydrated, openRecordedPage } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const site = mailedServerForThisFile({ ADMIN_PASSWORD: "reset-admin-pass-1" });
const { smtp } = site;

describe.skipIf(browserMissing)("a forgotten password in Chromium", () => {
  beforeAll(async () => {
    const registered = await fetch(`${site.base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "thu.tran", password: "Danang-2026x", email: "thu@example.vn" }),
    });
    expect(registered.status).toBe(200);
  });

  it("sends the link by mail, takes a new password from it, and ends the old sessions", async () => {
    const login = await fetch(`${site.base}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "thu.tran", password: "Danang-2026x" }),
    });
    const oldToken = ((await login.json()) as { data: { access_token: string } }).data.access_token;

    const { page, problems } = await openRecordedPage(site.browser, { width: 390, height: 844 });
    await page.goto(`${site.base}/cloud/login?lang=vi`);
    await hydrated(page);
    await page.getByRole("link", { name: "Quên mật khẩu?" }).click();
    await page.waitForURL(/\/cloud\/forgot-password/);
    await page.getByLabel("Tên đăng nhập hoặc địa chỉ email").fill("thu@example.vn");
    await page.getByRole("button", { name: "Gửi liên kết" }).click();
    await page.getByText("Liên kết chỉ sử dụng được một lần").waitFor();
    await page.screenshot({ path: `${artifacts}forgot-password-vi-390.png`, fullPage: true });

    await expect.poll(() => smtp.to("thu@example.vn").length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.to("thu@example.vn")[0]!;
    expect(mail.subject).toBe("Đặt lại mật khẩu Rampart Cloud của bạn");
    const link = /(http:\/\/localhost:\d+\/cloud\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    // The mail as a phone shows it (a page of its own: not under the site's policy).
    const reader = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await reader.setContent(mail.html);
    await reader.screenshot({ path: `${artifacts}mail-password-reset-vi-390.png`, fullPage: true });
    await reader.close();

    await page.goto(link!);
    await hydrated(page);
    // A password the server refuses first (letters only): its error is shown...
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("hoianlantern");
    await page.getByLabel("Xác nhận mật khẩu", { exact: true }).fill("hoianlantern");
    await page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
    const refusal = page.locator(".ant-notification-notice");
    await refusal.first().waitFor();
    // ...and gone once a good one is taken: it does not stay on top of the success card.
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("Hoi-An-lantern-27");
    await page.getByLabel("Xác nhận mật khẩu", { exact: true }).fill("Hoi-An-lantern-27");
    await page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
    await page.getByText("Mật khẩu của bạn đã được thay đổi").waitFor();
    await refusal.first().waitFor({ state: "detached", timeout: 1_000 });

    const old = await fetch(`${site.base}/prod-api/system/user/getInfo`, {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.status).toBe(401);
    await page.getByRole("link", { name: "Đăng nhập" }).click();
    await page.waitForURL(/\/cloud\/login/);
    await hydrated(page);
    await page.locator("#username").fill("thu.tran");
    await page.locator("#password").fill("Hoi-An-lantern-27");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(`${site.base}/control/customer`);
    // Only the refusal the test asked for (the weak password).
    expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
  });

  it("signs in at the first click while the slider has not yet heard whether it is on", async () => {
    const { page, problems } = await openRecordedPage(site.browser);
    // The server's answer about the slider arrives late (a slow network): it is held until the click.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/prod-api/auth/captcha**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.base}/cloud/login`);
    await hydrated(page);
    await page.locator("#username").fill("thu.tran");
    await page.locator("#password").fill("Hoi-An-lantern-27");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(`${site.base}/control/customer`);
    release();
    expect(problems).toEqual([]);
  });
});
