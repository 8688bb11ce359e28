import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { browserMissing, hydrated, openRecordedPage } from "./browser.ts";
import { mailedServerForThisFile } from "./mailed-server.ts";

const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
// As a new installation comes: customers confirm their address before they order.
const site = mailedServerForThisFile({ ADMIN_PASSWORD: "verify-admin-pass-1", EMAIL_VERIFICATION: "true" });
const { smtp } = site;

describe.skipIf(browserMissing)("confirming an e-mail address in Chromium", () => {
  it("refuses the order until the mailed link is opened, sends it again on request, then takes the order", async () => {
    const registered = await fetch(`${site.base}/prod-api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "id" },
      body: JSON.stringify({ username: "dewi.s", password: "Bandung-2026x", email: "dewi@example.id" }),
    });
    expect(((await registered.json()) as { msg: string }).msg).toContain("dewi@example.id");
    await expect.poll(() => smtp.to("dewi@example.id").length, { timeout: 20_000 }).toBe(1);
    expect(smtp.to("dewi@example.id")[0]!.subject).toBe("Konfirmasi alamat email Anda untuk Rampart Cloud");

    const { page, problems } = await openRecordedPage(site.browser, { width: 390, height: 844 });
    await page.goto(
      `${site.base}/cloud/login?${new URLSearchParams({ lang: "id", redirect: "/payOrder?product=ddos" })}`,
    );
    await hydrated(page);
    await page.locator("#username").fill("dewi.s");
    await page.locator("#password").fill("Bandung-2026x");
    await page.locator("button[type=submit]").click();
    await page.waitForURL(/\/payOrder\?product=ddos/);
    await hydrated(page);
    await page.getByRole("button", { name: "Buat Pesanan" }).click();
    await page.getByText("Konfirmasi alamat email Anda sebelum memesan").waitFor();
    await page.screenshot({ path: `${artifacts}order-unconfirmed-id-390.png`, fullPage: true });
    await page.getByRole("button", { name: "Kirim ulang tautan" }).click();
    await page.getByText("Kami mengirim tautan konfirmasi ke dewi@example.id").waitFor();
    await expect.poll(() => smtp.to("dewi@example.id").length, { timeout: 20_000 }).toBe(2);

    const mail = smtp.to("dewi@example.id")[1]!;
    const link = /(http:\/\/localhost:\d+\/cloud\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const reader = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await reader.setContent(mail.html);
    await reader.screenshot({ path: `${artifacts}mail-email-verification-id-390.png`, fullPage: true });
    await reader.close();

    await page.goto(link!);
    await hydrated(page);
    await page.getByText("Alamat email Anda dewi@example.id sudah dikonfirmasi").waitFor();
    await page.screenshot({ path: `${artifacts}verify-email-390.png`, fullPage: true });
    // The same link a second time: used.
    await page.reload();
    await page.getByText("sudah dipakai").first().waitFor();

    await page.goto(`${site.base}/payOrder?product=ddos&lang=id`);
    await hydrated(page);
    await page.getByRole("button", { name: "Buat Pesanan" }).click();
    await page.waitForURL(/\/paySuccess\?orderNo=/);
    // Only the two refusals the test asked for (the order before confirming, the link used twice).
    expect(problems.filter((p) => !/status of 40[03]/.test(p))).toEqual([]);
    await page.context().close();
  });

  it("registers from a configured price page, says what comes next, and is back at that configuration after the mailed link and sign-in", async () => {
    const quote = "/cdnPrice?edition=global&region=global&bandwidth=300&domains=10&duration=year-1";
    // One site.browser, two tabs: the site's, and the one a mail reader opens the link in.
    const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    context.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    context.on("weberror", (error) => problems.push(String(error.error())));
    const page = await context.newPage();
    await page.goto(`${site.base}${quote}`);
    await hydrated(page);
    const quoted = await page.getByTestId("amount").textContent();
    await page.getByRole("link", { name: "Buy now" }).click();
    await page.waitForURL(/\/cloud\/login\?redirect=/);
    await hydrated(page);
    await page.getByRole("link", { name: "Register now" }).click();
    await page.waitForURL(/\/cloud\/register\?redirect=/);
    // The address changes before the registration form replaces the sign-in form (both ask for a
    // "User name"): wait for the page the visitor sees, or the name goes into the sign-in form.
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("User name").fill("bao.ngo");
    await page.getByLabel("Password", { exact: true }).fill("Cantho-2026-river");
    await page.getByLabel("Confirm password").fill("Cantho-2026-river");
    await page.getByLabel("E-mail").fill("bao@example.vn");
    await page.getByRole("button", { name: "Register" }).click();

    // Not an empty sign-in page: where the link went, and what to do.
    await page.waitForURL(/\/cloud\/registered\?redirect=/, { waitUntil: "commit" });
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await page.getByText("We have sent a confirmation link to bao@example.vn.").waitFor();
    await page.getByText("you will be back at your order, with the package as you configured it").waitFor();
    await page.getByText("Wrong address? Sign in and correct it in the personal center").waitFor();
    await page.screenshot({ path: `${artifacts}registered-1440.png`, fullPage: true });
    await expect.poll(() => smtp.to("bao@example.vn").length, { timeout: 20_000 }).toBe(1);
    // The link again from this page (no session yet), under the usual limits.
    await page.getByRole("button", { name: "send the link again" }).click();
    await page.getByText("We sent a confirmation link to bao@example.vn; it works for 24 hours").waitFor();
    await expect.poll(() => smtp.to("bao@example.vn").length, { timeout: 20_000 }).toBe(2);

    // The newest mail's link, opened in the same browser as a mail reader would.
    const link = /(http:\/\/localhost:\d+\/cloud\/verify-email\?[^\s[\]]+)/.exec(
      smtp.to("bao@example.vn")[1]!.text,
    )?.[1];
    expect(new URL(link!).searchParams.get("redirect")).toBe(new URL(page.url()).searchParams.get("redirect"));
    const mailTab = await context.newPage();
    await mailTab.goto(link!);
    await hydrated(mailTab);
    await mailTab.getByText("Your e-mail address bao@example.vn is confirmed").waitFor();
    await mailTab.getByText("Sign in to continue with your order, configured as you left it.").waitFor();
    await mailTab.getByRole("link", { name: "Log in" }).click();
    await mailTab.waitForURL(/\/cloud\/login\?username=bao\.ngo&redirect=/);
    await hydrated(mailTab);
    // The user name is filled in; the password is all that is asked.
    expect(await mailTab.getByLabel("User name").inputValue()).toBe("bao.ngo");
    await mailTab.getByLabel("Password").fill("Cantho-2026-river");
    await mailTab.getByRole("button", { name: "Log in" }).click();
    await mailTab.waitForURL((url) => url.pathname === "/cdnPrice" && url.search.includes("bandwidth=300"));
    await hydrated(mailTab);
    expect(new URL(mailTab.url()).searchParams.get("duration")).toBe("year-1");
    await expect.poll(() => mailTab.getByTestId("amount").textContent()).toBe(quoted);
    // On to the order, the same package and price, the address now confirmed.
    await mailTab.getByRole("link", { name: "Buy now" }).click();
    await mailTab.waitForURL(/\/payOrder\?product=cdn&.*bandwidth=300/);
    await hydrated(mailTab);
    await expect.poll(() => mailTab.getByTestId("amount").textContent()).toBe(quoted);
    expect(problems).toEqual([]);
    await context.close();
    // A long walk (price page, registration, two mails, sign-in, order page): more than the default minute on a busy machine.
  }, 120_000);
});
