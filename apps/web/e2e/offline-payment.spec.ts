import { request as httpRequest } from "node:http";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserMissing, hydrated, settledDialog } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";
import { artifacts } from "./public-site.ts";

const ADMIN_PASSWORD = "offline-admin-pass-1";
const site = mailedServerForThisFile({ ADMIN_PASSWORD });
const { smtp } = site;

/** A call to the server as a browser on the brand's own domain (demo.localhost) makes it. */
function onDemoSite(path: string, body: unknown, token?: string): Promise<{ data?: { access_token?: string } }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: site.server.port,
        method: "POST",
        path: `/prod-api${path}`,
        headers: {
          host: `demo.localhost:${site.server.port}`,
          "content-type": "application/json",
          "accept-language": "vi",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve(JSON.parse(text)));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

// What the brand's operator types, as a Vietnamese bank's details read (one line each); the
// angle brackets must come out as text.
const BANK_LINES = [
  "Chủ tài khoản: CÔNG TY TNHH LOTUS SHIELD <VN>",
  "Ngân hàng: Vietcombank – CN Hồ Chí Minh",
  "Số tài khoản: 0071 0001 23456",
];
const VI_INSTRUCTIONS = `${BANK_LINES.join("\n")}\n\nNội dung chuyển khoản: mã đơn hàng.`;

describe.skipIf(browserMissing)(
  "paying an order by bank transfer in Chromium, on a site with no online channel",
  () => {
    async function signedInPage(host: string, token: string, language: string, width = 1280): Promise<Page> {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([
        { name: "Admin-Token", value: token, domain: host, path: "/" },
        { name: "uselang", value: language, domain: host, path: "/" },
      ]);
      return context.newPage();
    }

    it("takes the brand's bank details in System → Sites and shows them on the order, in the mail and with the unpaid order", async () => {
      // The operator writes the brand's bank details (Vietnamese and English) and its sales address.
      const login = await fetch(`${site.base}/prod-api/auth/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
      const admin = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const operator = await signedInPage("localhost", admin, "en", 1440);
      await operator.goto(`${site.base}/system/site`);
      await hydrated(operator);
      await operator
        .locator("tr.ant-table-row", { hasText: "Lotus Shield" })
        .getByRole("button", { name: "Edit" })
        .click();
      const dialog = await settledDialog(operator);
      await dialog.getByRole("button", { name: "Paying by bank transfer" }).click();
      await dialog.getByLabel("English").fill("Bank transfer to Lotus Shield Co., Ltd.\nAccount: 0071 0001 23456");
      await dialog.getByLabel("Tiếng Việt").fill(VI_INSTRUCTIONS);
      await dialog.getByRole("button", { name: "Mail", exact: true }).click();
      await dialog.getByLabel("Sales alert addresses").fill("sales@lotus.example");
      await operator.screenshot({ path: `${artifacts}site-dialog-payment-instructions-1440.png` });
      await dialog.getByRole("button", { name: "Save" }).click();
      await operator.getByText("Lotus Shield has been saved").waitFor();
      await operator.context().close();

      // A Vietnamese customer of the brand orders on its domain.
      await onDemoSite("/auth/register", { username: "tran.minh", password: "Saigon2026x", email: "minh@example.vn" });
      const token = (await onDemoSite("/auth/admin/login", { username: "tran.minh", password: "Saigon2026x" })).data
        ?.access_token as string;
      const demo = `http://demo.localhost:${site.server.port}`;
      const page = await signedInPage("demo.localhost", token, "vi");
      await page.goto(`${demo}/payOrder?product=ddos`);
      await hydrated(page);
      // No online channel: bank transfer is the way, ordering the primary button; no dead-end Pay Now.
      await page.getByTestId("offline-method").getByText("Chuyển khoản ngân hàng").waitFor();
      expect(await page.getByRole("button", { name: "Thanh toán ngay" }).count()).toBe(0);
      const primary = page.locator(".fee-card__actions .button--primary");
      expect(await primary.textContent()).toBe("Đặt hàng");
      await primary.click();

      // The confirmation: placed, the brand's details as typed (lines kept, markup as text), a way on.
      await page.waitForURL(/\/paySuccess\?orderNo=\d{18}$/);
      const orderNo = new URL(page.url()).searchParams.get("orderNo") ?? "";
      await page.getByRole("heading", { name: "Đã đặt hàng" }).waitFor();
      const box = page.getByTestId("payment-instructions");
      await box.getByText("Cách thanh toán").waitFor();
      const shown = await box.locator(".payment-instructions__text").innerText();
      expect(shown).toBe(VI_INSTRUCTIONS);
      await box.getByText(`Vui lòng ghi mã đơn hàng ${orderNo}`).waitFor();
      await page.getByRole("link", { name: "Tiếp tục xem sản phẩm" }).waitFor();
      expect(await page.getByTestId("countdown").count()).toBe(0);
      await page.screenshot({ path: `${artifacts}pay-success-transfer-vi-1280.png`, fullPage: true });

      // The order mail carries the same details, escaped, line breaks kept.
      await expect
        .poll(() => smtp.to("minh@example.vn").filter((m) => m.subject.includes(orderNo)).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const mail = smtp.to("minh@example.vn").find((m) => m.subject.includes(orderNo))!;
      expect(mail.text).toContain(`Cách thanh toán:\n${BANK_LINES.join("\n")}`);
      expect(mail.html).toContain(
        BANK_LINES.map((line) => line.replace("<", "&lt;").replace(">", "&gt;")).join("<br />"),
      );
      expect(mail.html).not.toContain("<VN>");
      // The brand's sales address hears of the order once, with a link to it in the operator.
      await expect.poll(() => smtp.to("sales@lotus.example").length, { timeout: 30_000 }).toBe(1);
      const alert = smtp.to("sales@lotus.example")[0]!;
      expect(alert.subject).toContain(orderNo);
      expect(alert.text).toContain("Khách hàng: tran.minh · minh@example.vn");
      expect(alert.html).toContain(`/business/order?orderNo=${orderNo}`);

      // The unpaid order in the console: paying it shows the same details.
      await page.getByRole("link", { name: "Xem đơn hàng chưa thanh toán" }).click();
      await page.waitForURL(/\/control\/orders\?status=unpaid/);
      const row = page.locator("tr.ant-table-row", { hasText: orderNo });
      await row.getByRole("button", { name: "Thanh toán", exact: true }).click();
      const modal = page.locator(".ant-modal-confirm");
      await modal.locator(".ant-modal-confirm-title", { hasText: "Thanh toán bằng chuyển khoản" }).waitFor();
      expect(await modal.locator(".payment-instructions__text").innerText()).toBe(VI_INSTRUCTIONS);
      await page.screenshot({ path: `${artifacts}my-orders-transfer-vi-1280.png` });
      await page.context().close();
    });
  },
);
