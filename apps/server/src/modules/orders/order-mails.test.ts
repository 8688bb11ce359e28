import { randomUUID } from "node:crypto";
import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder, sysMail, sysSite, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { LEGACY_ORDER_MAIL_QUEUE, ORDER_MAIL_QUEUE } from "./order-mails.ts";
import { orderEvents } from "./order-snapshots.ts";

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
/** The order's event as its transaction announced it (its snapshot read again). */
const eventOf = async (type: "order.placed" | "order.paid", orderNo: string) =>
  (
    await orderEvents(
      t.database.db,
      type,
      await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo)),
    )
  )[0]!;
const mailsAbout = (orderNo: string) => smtp.to("thao@example.vn").filter((m) => m.text.includes(orderNo));

describe("the customer's mails about an order", () => {
  it("says how to settle an offline order, then sends the receipt and the refund, once each", async () => {
    const placed = await order({ product: "ddos", configuration: "" });
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 60_000 }).toBe(1);
    const [first] = mailsAbout(placed.orderNo);
    expect(first!.subject).toBe(`Đơn hàng ${placed.orderNo} đã được tạo — Rampart Cloud`);
    expect(first!.language).toBe("vi");
    expect(first!.text).toContain("Chống DDoS");
    // The amount as a Vietnamese reader writes money, and the site's contact way.
    expect(first!.text).toContain(new Intl.NumberFormat("vi").format(placed.amount / 100).split(",")[0]!);
    expect(first!.text).toMatch(/vui lòng liên hệ: \S+/);
    // The site gave no payment instructions: the mail says plainly that the provider gets in touch.
    expect(first!.text).toContain(
      "Cách thanh toán:\nĐội ngũ của chúng tôi sẽ sớm liên hệ với bạn để hướng dẫn thanh toán.",
    );
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
    expect(receipt.text).toContain("Chuyển khoản ngân hàng");
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
    await again.send(ORDER_MAIL_QUEUE, { event: await eventOf("order.paid", placed.orderNo) });
    // And a job of the earlier version's queue (orders by number, waiting at an upgrade) is written the same way.
    await again.send(LEGACY_ORDER_MAIL_QUEUE, { orderNos: [placed.orderNo], event: "paid" });
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

  it("carries the site's payment instructions in the customer's language, and alerts the sales addresses once", async () => {
    const db = t.database.db;
    // An operator who reads Chinese is one of the sales addresses; the other is a bare address.
    await createUser(db, { userName: "li.ops", password: "Li-ops-pass-2026", roles: [OPERATOR_ROLE] });
    await db
      .update(sysUser)
      .set({ email: "Li@Rampart.example", language: "zh-CN" })
      .where(eq(sysUser.userName, "li.ops"));
    await db
      .update(sysSite)
      .set({
        salesEmails: "sales@rampart.example, li@rampart.example",
        consoleDomain: "console.rampart.example",
        paymentInstructions: {
          en: "Bank transfer to Rampart Cloud Ltd.\nAccount 012-345678-9",
          vi: "Chuyển khoản đến Công ty <b>Rampart</b>\nSố tài khoản: 012-345678-9\nNội dung: mã đơn hàng",
        },
      })
      .where(eq(sysSite.isDefault, true));

    const placed = await order({ product: "ddos", configuration: "" });
    await expect.poll(() => mailsAbout(placed.orderNo).length, { timeout: 15_000 }).toBe(1);
    const [mail] = mailsAbout(placed.orderNo);
    expect(mail!.text).toContain(
      "Cách thanh toán:\nChuyển khoản đến Công ty <b>Rampart</b>\nSố tài khoản: 012-345678-9",
    );
    // In the HTML the text is text: escaped, its line breaks kept.
    expect(mail!.html).toContain("Chuyển khoản đến Công ty &lt;b&gt;Rampart&lt;/b&gt;<br />Số tài khoản: 012-345678-9");
    expect(mail!.html).not.toContain("<b>Rampart</b>");

    const alerts = () => smtp.mails.filter((m) => m.subject.includes(placed.orderNo) && m.to !== "thao@example.vn");
    await expect.poll(() => alerts().length, { timeout: 15_000 }).toBe(2);
    const bare = alerts().find((m) => m.to === "sales@rampart.example")!;
    const li = alerts().find((m) => m.to === "li@rampart.example")!;
    // The bare address reads the customer's language; the operator's address, the operator's.
    expect(bare.subject).toMatch(new RegExp(`^Đơn hàng mới ${placed.orderNo} đang chờ thanh toán — `));
    expect(li.subject).toMatch(new RegExp(`^新订单 ${placed.orderNo} 待收款 — `));
    expect(li.text).toContain("客户：Thảo (thao) · thao@example.vn");
    // The link to the order is made from the site record, on its console domain.
    expect(li.html).toContain(`https://console.rampart.example/business/order?orderNo=${placed.orderNo}`);

    // The same job run again alerts no one twice.
    const again = new JobRunner(t.database, t.app.log);
    await again.start();
    await again.send(ORDER_MAIL_QUEUE, { event: await eventOf("order.placed", placed.orderNo) });
    await again.stop();
    const kept = async () =>
      (await db.select().from(sysMail).where(eq(sysMail.event, "order_offline_alert"))).filter((m) =>
        m.subject.includes(placed.orderNo),
      );
    await expect.poll(async () => (await kept()).length).toBe(2);
    expect(alerts()).toHaveLength(2);
    expect(mailsAbout(placed.orderNo)).toHaveLength(1);
  });
});
