import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { browserMissing, hydrated, settledDropdown } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";
import { serverApi } from "./server-api.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
const site = mailedServerForThisFile({ ADMIN_PASSWORD: "time-zone-admin-1" });
const { smtp } = site;
const { api, login } = serverApi(() => site.base);

const zoneOf = async (token: string) =>
  (await api<{ data: { user: { timeZone: string } } }>("/system/user/getInfo", { token })).data.user.timeZone;

/**
 * Issue 38: a customer's mails give times in their own zone. The zone their browser runs in is
 * sent with the registration; the profile shows it and changes it.
 */
describe.skipIf(browserMissing)("a customer's time zone in Chromium", () => {
  it("is the browser's at registration, shown and changed in the profile, and the mails follow it", async () => {
    // A customer in Shanghai, reading Chinese.
    const context = await site.browser.newContext({
      timezoneId: "Asia/Shanghai",
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(String(error)));
    await page.goto(`${site.base}/cloud/register?lang=zh-CN`);
    await hydrated(page);
    await page.locator("#username").fill("wang.xm");
    await page.locator("#password").fill("Shanghai-2026");
    await page.locator("#confirm").fill("Shanghai-2026");
    await page.locator("#email").fill("wang@example.cn");
    const registered = page.waitForResponse((r) => r.url().endsWith("/prod-api/auth/register"));
    await page.locator("form button[type=submit]").click();
    expect((await registered).status()).toBe(200);
    const token = await login("wang.xm", "Shanghai-2026");
    expect(await zoneOf(token)).toBe("Asia/Shanghai");

    // The profile shows it, and changes it to Ho Chi Minh City, searched as a Vietnamese reader writes
    // it (the browser lists the zone as Asia/Saigon).
    await context.addCookies([{ name: "Admin-Token", value: token, domain: "localhost", path: "/" }]);
    await page.goto(`${site.base}/user/profile?lang=zh-CN`);
    await hydrated(page);
    const field = page.locator(".ant-form-item").filter({ hasText: "时区" });
    await expect.poll(() => field.textContent()).toContain("(GMT+8) Asia/Shanghai");
    await page.screenshot({ path: `${artifacts}profile-time-zone-zh-CN-1280.png` });
    await field.locator(".ant-select").click();
    await page.keyboard.type("Hồ Chí Minh");
    const menu = await settledDropdown(page).catch(() => page.locator(".ant-select-dropdown:visible"));
    await menu.getByText("Asia/Ho Chi Minh", { exact: false }).first().click();
    await expect.poll(() => field.textContent()).toContain("(GMT+7) Asia/Ho Chi Minh");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await expect.poll(() => zoneOf(token)).toBe("Asia/Saigon");

    // A mail about the account now says when in Ho Chi Minh City's time.
    const changed = await fetch(`${site.base}/prod-api/system/user/profile/updatePwd`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-language": "zh-CN" },
      body: JSON.stringify({ oldPassword: "Shanghai-2026", newPassword: "Tokyo-2026x" }),
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => smtp.to("wang@example.cn").length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.to("wang@example.cn")[0]!;
    expect(mail.text.replace(/\s+/g, " ")).toMatch(/已于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} \(GMT\+7\) 从 IP/);
    const reader = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await reader.setContent(mail.html);
    await reader.screenshot({ path: `${artifacts}mail-password-changed-zh-CN-390.png`, fullPage: true });
    await reader.close();
    expect(problems).toEqual([]);
    await context.close();
    // A whole registration, profile and mail in a real browser: longer than the project's minute on a busy machine.
  }, 240_000);
});
