import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { ORDER_MAIL_QUEUE } from "./order-mails.ts";

let t: TestApp;
const smtp = new MailCatcher();
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  await createUser(t.database.db, { userName: "thao", password: "Thao-pass-2026x" });
  await t.database.db
    .update(sysUser)
    .set({ email: "thao@example.vn", nickName: "Thảo" })
    .where(eq(sysUser.userName, "thao"));
  // She signs in in Vietnamese: her mails are written in it.
  as.thao = await signIn(t.app, "thao", "Thao-pass-2026x", { "accept-language": "vi" });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const order = async (payload: Record<string, string>) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: as.thao,
    payload: { action: "new", payMethod: "offline", idempotencyKey: randomUUID(), ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { orderNo: string; amount: number };
};
const mailsAbout = (orderNo: string) => smtp.to("thao@example.vn").filter((m) => m.text.includes(orderNo));

describe("the customer's mails about an order", () => {
  it("says how to settle an offline order, then sends the receipt and the refund, once each", async () => {
    const placed = await order({ product: "ddos", configuration: "" });
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 15_000 }).toBe(1);
    const [first] = mailsAbout(placed.orderNo);
    expect(first!.subject).toBe(`Đơn hàng ${placed.orderNo} đã được tạo — Rampart Cloud`);
    expect(first!.language).toBe("vi");
    expect(first!.text).toContain("Chống DDoS");
    // The amount as a Vietnamese reader writes money, and the site's contact way.
    expect(first!.text).toContain(new Intl.NumberFormat("vi").format(placed.amount / 100).split(",")[0]!);
    expect(first!.text).toMatch(/liên hệ trước với chúng tôi: \S+/);
    expect(first!.messageId).toMatch(new RegExp(`^<order-placed-${placed.orderNo}@`));

    const confirm = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${placed.orderNo}`,
      headers: as.admin,
      payload: { note: "bank transfer 42" },
    });
    expect(confirm.statusCode).toBe(200);
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 15_000 }).toBe(2);
    const receipt = mailsAbout(placed.orderNo)[1]!;
    expect(receipt.subject).toBe(`Biên lai cho đơn hàng ${placed.orderNo} — Rampart Cloud`);
    expect(receipt.text).toContain("Thanh toán ngoại tuyến");
    expect(receipt.html).toContain("/control/services");

    const refund = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/refundOrder/${placed.orderNo}`,
      headers: as.admin,
      payload: { note: "changed plans" },
    });
    expect(refund.statusCode).toBe(200);
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 15_000 }).toBe(3);
    expect(mailsAbout(placed.orderNo)[2]!.subject).toBe(`Hoàn tiền đơn hàng ${placed.orderNo} — Rampart Cloud`);

    // The same job run again (another process, a retry after a crash) mails nothing more.
    const again = new JobRunner(t.database, t.app.log);
    await again.start();
    await again.send(ORDER_MAIL_QUEUE, { orderNos: [placed.orderNo], event: "paid" });
    await again.stop();
    await expect
      .poll(
        async () => (await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "thao@example.vn"))).length,
      )
      .toBe(3);
    const kept = await t.database.db.select().from(sysMail).where(eq(sysMail.recipient, "thao@example.vn"));
    expect(new Set(kept.map((m) => m.messageId)).size).toBe(3);
    expect(mailsAbout(placed.orderNo)).toHaveLength(3);
  });

  it("mails a receipt for a free trial, and a note when an order is cancelled unpaid", async () => {
    const trial = await order({ product: "waf", configuration: "edition=trial" });
    await expect.poll(() => mailsAbout(trial.orderNo).length, { timeout: 15_000 }).toBe(1);
    expect(mailsAbout(trial.orderNo)[0]!.text).toContain("Dùng thử miễn phí");

    const placed = await order({ product: "cdn", configuration: "" });
    const cancel = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/cancelOrder/${placed.orderNo}`,
      headers: as.thao,
    });
    expect(cancel.statusCode).toBe(200);
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 15_000 }).toBe(2);
    const closed = mailsAbout(placed.orderNo).find((m) => m.messageId.startsWith("<order-closed-"));
    expect(closed!.subject).toBe(`Đơn hàng ${placed.orderNo} đã đóng do chưa thanh toán — Rampart Cloud`);
  });
});
