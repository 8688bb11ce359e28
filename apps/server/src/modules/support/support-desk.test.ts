import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizService,
  bizTicket,
  bizTicketDepartment,
  sysConfig,
  sysMail,
  sysSite,
  sysUser,
  sysWebhook,
  sysWebhookMessage,
} from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn, signInDemoSiteOperator, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { emitEventAsTheServer } from "../../testing/test-events.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { pageUnacknowledged } from "./urgent-pages.ts";

// The server's clock, moved by hand: the service-level times and the pages are counted on it.
let clock = new Date("2027-04-05T02:00:00Z");
const now = () => clock;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let linhPackage = "";
let budiPackage = "";
let lotusPackage = "";

/** A package of the customer's (as an order's payment makes it). */
async function newPackage(userName: string, orderNo: string) {
  const { db } = t.database;
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userName, userName));
  await db.insert(bizService).values({
    orderNo,
    userId: user!.userId,
    siteId: user!.siteId,
    product: "cdn",
    configuration: {
      product: "cdn",
      edition: "mainland",
      region: "mainland",
      quantities: { bandwidth: 100, domains: 10 },
      duration: { unit: "year", count: 1 },
      extras: {},
    },
    expiresAt: new Date("2028-04-01T00:00:00Z"),
    createdAt: clock,
    updatedAt: clock,
  });
  return orderNo;
}

const api = async (who: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/prod-api${url}`,
    headers: as[who],
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
};
const mailsOf = (event: string) =>
  t.database.db.select().from(sysMail).where(eq(sysMail.event, event)).orderBy(asc(sysMail.mailId));
const ticketRow = async (ticketNo: string) =>
  (await t.database.db.select().from(bizTicket).where(eq(bizTicket.ticketNo, ticketNo)))[0]!;
const technicalDepartment = async () =>
  (await t.database.db.select().from(bizTicketDepartment).where(eq(bizTicketDepartment.key, "technical")))[0]!;

/** Everyone signed in anew (a session lasts 12 hours of the clock, which the tests move by days). */
async function signInEveryone() {
  // She works in Vietnamese: her tickets and their mails are written in it.
  as.linh = { ...(await signIn(t.app, "linh", "Linh-pass-2027x")), "accept-language": "vi" };
  as.budi = await signIn(t.app, "budi", "Budi-pass-2027x");
  as.hoa = await signIn(t.app, "hoa", "Hoa-pass-2027x", { host: "demo.localhost" });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.lotus = await signIn(t.app, "lotus.ops", "lotus-pass-12", { host: "demo.localhost" });
}

beforeAll(async () => {
  t = await openTestApp({ now, webhookAllowLoopback: true, jobSchedules: false });
  const { db } = t.database;
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(db, { userName: "linh", password: "Linh-pass-2027x" });
  await createUser(db, { userName: "budi", password: "Budi-pass-2027x" });
  await createUser(db, { userName: "hoa", password: "Hoa-pass-2027x", siteId: demo!.siteId });
  await db.update(sysUser).set({ email: "linh@example.vn", language: "vi" }).where(eq(sysUser.userName, "linh"));
  await db.update(sysUser).set({ email: "budi@example.id" }).where(eq(sysUser.userName, "budi"));
  await db.update(sysUser).set({ email: "hoa@example.vn" }).where(eq(sysUser.userName, "hoa"));
  await signInDemoSiteOperator(t.app, db);
  await signInEveryone();
  linhPackage = await newPackage("linh", "202704010000000101");
  budiPackage = await newPackage("budi", "202704010000000102");
  lotusPackage = await newPackage("hoa", "202704010000000103");
  // Technical support has its own address; the demo site pages two people on call.
  await db
    .update(bizTicketDepartment)
    .set({ email: "tech@rampart.example" })
    .where(eq(bizTicketDepartment.key, "technical"));
  await db
    .update(sysSite)
    .set({ onCallEmails: "noc@lotusshield.example, duty@lotusshield.example" })
    .where(eq(sysSite.siteId, demo!.siteId));
  // The platform hears of tickets.
  const added = await api("admin", "POST", "/system/webhook", {
    url: "http://127.0.0.1:9/rampart",
    events: ["ticket.created", "ticket.replied", "ticket.closed", "ticket.urgent"],
    siteId: null,
  });
  expect(added.status).toBe(200);
});
afterAll(() => t.close());

describe("a customer's ticket, answered by the desk", () => {
  let ticketNo = "";

  it("offers the site's departments in the customer's language, and opens a ticket about her own package", async () => {
    const departments = await api("linh", "GET", "/support/departments");
    expect(departments.body.data.map((d: { name: string }) => d.name)).toEqual([
      "Kinh doanh",
      "Thanh toán",
      "Hỗ trợ kỹ thuật",
      "Báo cáo lạm dụng",
    ]);
    // The department's address is the provider's business, not the customer's.
    expect(departments.body.data[0]).not.toHaveProperty("email");
    const technical = await technicalDepartment();
    // Another customer's package is refused, and nothing is opened.
    const refused = await api("linh", "POST", "/support/tickets", {
      departmentId: technical.departmentId,
      subject: "CNAME",
      message: "<p>Help</p>",
      serviceOrderNo: budiPackage,
    });
    expect(refused).toMatchObject({ status: 400, body: { msg: "Vui lòng chọn một gói của chính bạn" } });
    // A message that is nothing once cleaned is refused too.
    const empty = await api("linh", "POST", "/support/tickets", {
      departmentId: technical.departmentId,
      subject: "CNAME",
      message: "<script>alert(1)</script>",
    });
    expect(empty).toMatchObject({ status: 400, body: { msg: "Vui lòng nhập nội dung" } });
    expect(await t.database.db.select().from(bizTicket)).toHaveLength(0);

    const opened = await api("linh", "POST", "/support/tickets", {
      departmentId: technical.departmentId,
      subject: "Kiểm tra báo CNAME sai",
      message: '<p>Bản ghi của tôi <b>đúng</b> rồi<img src="x" onerror="alert(1)"></p><script>alert(1)</script>',
      serviceOrderNo: linhPackage,
    });
    expect(opened.status).toBe(200);
    ticketNo = opened.body.data.ticketNo;
    expect(ticketNo).toMatch(/^\d{8}$/);
    expect(opened.body.msg).toBe(`Đã mở phiếu ${ticketNo}: chúng tôi sẽ trả lời tại đây và qua email`);
    const thread = await api("linh", "GET", `/support/tickets/${ticketNo}`);
    expect(thread.body.data).toMatchObject({ status: "open", priority: "normal", department: "Hỗ trợ kỹ thuật" });
    expect(thread.body.data.messages[0].body).toBe("<p>Bản ghi của tôi <b>đúng</b> rồi</p>");

    // She is told in Vietnamese, with the reference in the subject; the department is alerted at its address.
    const [ack] = await mailsOf("ticket_opened");
    // No reply address while the desk receives no mail: answers go to the site's reply-to.
    expect(ack).toMatchObject({ recipient: "linh@example.vn", language: "vi", replyTo: "" });
    expect(ack!.subject).toBe(`[#${ticketNo}] Chúng tôi đã nhận được yêu cầu của bạn: Kiểm tra báo CNAME sai`);
    const [alert] = await mailsOf("ticket_alert");
    expect(alert!.recipient).toBe("tech@rampart.example");
    expect(alert!.text).toContain("Bản ghi của tôi đúng rồi");
    // The platform hears of it, without the message's text.
    const [event] = await t.database.db
      .select()
      .from(sysWebhookMessage)
      .where(eq(sysWebhookMessage.eventType, "ticket.created"));
    expect(event!.payload).toMatchObject({
      data: { ticket: { ticketNo, department: "technical", serviceOrderNo: linhPackage } },
    });
    expect(JSON.stringify(event!.payload)).not.toContain("Bản ghi");
  });

  it("is hers alone: another customer finds nothing, lists nothing", async () => {
    expect((await api("budi", "GET", `/support/tickets/${ticketNo}`)).status).toBe(404);
    expect((await api("budi", "POST", `/support/tickets/${ticketNo}/replies`, { message: "<p>hi</p>" })).status).toBe(
      404,
    );
    expect((await api("budi", "GET", "/support/tickets")).body.total).toBe(0);
    expect(
      (await api("linh", "GET", "/support/tickets")).body.rows.map((r: { ticketNo: string }) => r.ticketNo),
    ).toEqual([ticketNo]);
    // Only the desk writes notes or sets a status.
    const note = await api("linh", "POST", `/support/tickets/${ticketNo}/replies`, {
      message: "<p>x</p>",
      internal: true,
    });
    expect(note.status).toBe(400);
  });

  it("counts the first-answer time on the clock: near at three quarters, breached after, late when answered late", async () => {
    const row = async () =>
      (await api("admin", "GET", "/business/tickets?status=active")).body.rows.find(
        (r: { ticketNo: string }) => r.ticketNo === ticketNo,
      );
    expect(await row()).toMatchObject({ firstReplySla: "ok", resolutionSla: "ok", customer: { userName: "linh" } });
    clock = new Date(clock.getTime() + 6.5 * HOUR);
    expect((await row()).firstReplySla).toBe("near");
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect((await row()).firstReplySla).toBe("breached");
    expect((await api("admin", "GET", "/business/tickets/counts")).body.data).toMatchObject({
      byStatus: { open: 1 },
      breached: 1,
      unassigned: 1,
    });

    // An internal note: the customer never sees it, and is not mailed.
    const note = await api("admin", "POST", `/business/tickets/${ticketNo}/replies`, {
      message: "<p>Her CNAME points at the old target; tell her the new one.</p>",
      internal: true,
    });
    expect(note.body.msg).toBe("Internal note added (the customer does not see it)");
    expect((await api("linh", "GET", `/support/tickets/${ticketNo}`)).body.data.messages).toHaveLength(1);
    expect(await mailsOf("ticket_reply")).toHaveLength(0);

    const answered = await api("admin", "POST", `/business/tickets/${ticketNo}/replies`, {
      message:
        '<p>Đổi CNAME thành <a href="https://docs.example/cname?a=1&b=2">giá trị mới</a>.</p><ul><li>Một</li><li>Hai</li></ul>',
    });
    expect(answered.status).toBe(200);
    // Waiting for her now; the first answer came late, and stays late.
    expect((await api("admin", "GET", "/business/tickets?status=open")).body.total).toBe(0);
    const desk = (await api("admin", "GET", `/business/tickets/${ticketNo}`)).body.data;
    expect(desk).toMatchObject({ status: "answered", row: { firstReplySla: "breached" } });
    expect(desk.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true, false]);
    expect(desk.history.map((h: { kind: string }) => h.kind)).toEqual(["opened", "note", "replied"]);
    expect(desk.services.map((s: { orderNo: string }) => s.orderNo)).toEqual([linhPackage]);
    const [reply] = await mailsOf("ticket_reply");
    expect(reply).toMatchObject({ recipient: "linh@example.vn", language: "vi" });
    expect(reply!.text).toContain("Đổi CNAME thành giá trị mới (https://docs.example/cname?a=1&b=2).");
    expect(reply!.text).toContain("• Một\n• Hai");
  });

  it("goes back to the desk when she writes, to the assignee's address, and can be rated once answered", async () => {
    const operatorId = await createUser(t.database.db, {
      userName: "mai.ops",
      password: "Mai-pass-2027x",
      roles: ["operator"],
    });
    await t.database.db.update(sysUser).set({ email: "mai@rampart.example" }).where(eq(sysUser.userId, operatorId));
    // A customer is no one to give a ticket to.
    expect(
      (
        await api("admin", "PUT", `/business/tickets/${ticketNo}/assignee`, {
          assigneeId: await userIdOf(t.database.db, "budi"),
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("admin", "PUT", `/business/tickets/${ticketNo}/assignee`, { assigneeId: operatorId })).status,
    ).toBe(200);
    await api("linh", "POST", `/support/tickets/${ticketNo}/replies`, { message: "<p>Xong rồi, cảm ơn!</p>" });
    expect((await ticketRow(ticketNo)).status).toBe("open");
    const [back] = await mailsOf("ticket_customer_reply");
    expect(back!.recipient).toBe("mai@rampart.example");
    expect(back!.text).toContain("Xong rồi, cảm ơn!");
    const rated = await api("linh", "POST", `/support/tickets/${ticketNo}/rating`, { rating: 5, comment: "Nhanh" });
    expect(rated.body.msg).toBe("Cảm ơn bạn đã đánh giá");
  });

  it("is closed by the desk with a mail, reopened within the window, and not after it", async () => {
    await api("admin", "PUT", `/business/tickets/${ticketNo}/status`, { status: "closed" });
    const [closed] = await mailsOf("ticket_closed");
    expect(closed!.text).toContain("14 ngày");
    const reopened = await api("linh", "POST", `/support/tickets/${ticketNo}/reopen`);
    expect(reopened.body.msg).toBe("Đã mở lại phiếu");
    // She closes it herself (no mail: she knows), and fifteen days later it stays closed.
    await api("linh", "POST", `/support/tickets/${ticketNo}/close`);
    expect(await mailsOf("ticket_closed")).toHaveLength(1);
    clock = new Date(clock.getTime() + 15 * 24 * HOUR);
    await signInEveryone();
    const late = await api("linh", "POST", `/support/tickets/${ticketNo}/replies`, { message: "<p>Lại lỗi</p>" });
    expect(late).toMatchObject({ status: 409, body: { msg: "Phiếu này đã đóng hơn 14 ngày: vui lòng mở phiếu mới" } });
    expect((await ticketRow(ticketNo)).status).toBe("closed");
  });
});

describe("under attack", () => {
  it("opens an urgent ticket that pages the site's on-call people every 10 minutes until acknowledged", async () => {
    const { db } = t.database;
    // The platform's endpoint failed for the fifteen days the clock moved, and was switched off: on again.
    await db.update(sysWebhook).set({ enabled: true, failingSince: null, disabledReason: null });
    const opened = await api("hoa", "POST", "/support/under-attack", { serviceOrderNo: lotusPackage });
    expect(opened.status).toBe(200);
    const { ticketNo } = opened.body.data;
    expect(await ticketRow(ticketNo)).toMatchObject({ priority: "urgent", urgent: true, pagesSent: 1 });
    const pages = async () => (await mailsOf("ticket_urgent_page")).filter((m) => m.subject.includes(ticketNo));
    // Page 1 at once, to both on-call addresses; no ordinary alert besides.
    expect((await pages()).map((m) => m.recipient).sort()).toEqual([
      "duty@lotusshield.example",
      "noc@lotusshield.example",
    ]);
    expect((await mailsOf("ticket_alert")).filter((m) => m.subject.includes(ticketNo))).toHaveLength(0);

    const runner = new JobRunner(t.database, t.app.log);
    const mail = new MailOutbox(
      { db, jobs: runner, log: t.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    const emitEvent = emitEventAsTheServer(runner, { db, mail, now, log: t.app.log });
    await runner.start();
    const sweep = () => pageUnacknowledged({ db, now, emitEvent });
    try {
      clock = new Date(clock.getTime() + 5 * MINUTE);
      expect(await sweep()).toBe(0);
      clock = new Date(clock.getTime() + 5 * MINUTE);
      expect(await sweep()).toBe(1);
      expect(await sweep()).toBe(0);
      clock = new Date(clock.getTime() + 10 * MINUTE);
      expect(await sweep()).toBe(1);
      expect(await pages()).toHaveLength(6);
      expect((await pages()).at(-1)!.subject).toContain("URGENT, page 3");
      // Another site's operator cannot acknowledge it; the demo site's can, and the pages stop.
      expect((await api("admin", "GET", "/business/tickets/counts")).body.data.paging).toBe(1);
      const ack = await api("lotus", "POST", `/business/tickets/${ticketNo}/acknowledge`);
      expect(ack.status).toBe(200);
      clock = new Date(clock.getTime() + 30 * MINUTE);
      expect(await sweep()).toBe(0);
      expect(await pages()).toHaveLength(6);
      expect((await api("lotus", "POST", `/business/tickets/${ticketNo}/acknowledge`)).status).toBe(409);
      // The platform heard each page.
      const urgent = await db.select().from(sysWebhookMessage).where(eq(sysWebhookMessage.eventType, "ticket.urgent"));
      expect(urgent.map((m) => (m.payload as { data: { page: number } }).data.page).sort()).toEqual([1, 2, 3]);
      // Two presses at once on another package open one ticket between them.
      const otherPackage = await newPackage("hoa", "202704010000000104");
      const both = await Promise.all([
        api("hoa", "POST", "/support/under-attack", { serviceOrderNo: otherPackage }),
        api("hoa", "POST", "/support/under-attack", { serviceOrderNo: otherPackage }),
      ]);
      expect(new Set(both.map((answer) => answer.body.data.ticketNo)).size).toBe(1);
      // A second press on the same package adds to the open ticket.
      const again = await api("hoa", "POST", "/support/under-attack", {
        serviceOrderNo: lotusPackage,
        message: "<p>Still down</p>",
      });
      expect(again.body.data.ticketNo).toBe(ticketNo);
      expect(again.body.msg).toContain(ticketNo);
    } finally {
      await runner.stop();
    }
  });
});

describe("site scoping", () => {
  it("shows an operator bound to a site that site's tickets only", async () => {
    const [linhTicket] = await t.database.db
      .select()
      .from(bizTicket)
      .where(eq(bizTicket.userId, await userIdOf(t.database.db, "linh")));
    const lotusList = (await api("lotus", "GET", "/business/tickets")).body.rows.map(
      (r: { customer: { userName: string } }) => r.customer.userName,
    );
    expect(new Set(lotusList)).toEqual(new Set(["hoa"]));
    for (const [method, url, payload] of [
      ["GET", `/business/tickets/${linhTicket!.ticketNo}`, undefined],
      ["POST", `/business/tickets/${linhTicket!.ticketNo}/replies`, { message: "<p>hi</p>" }],
      ["PUT", `/business/tickets/${linhTicket!.ticketNo}/status`, { status: "open" }],
      ["PUT", `/business/tickets/${linhTicket!.ticketNo}/priority`, { priority: "high" }],
    ] as const) {
      expect((await api("lotus", method, url, payload)).status).toBe(404);
    }
    // The service levels are the installation's: read by a site's operator, changed by an unbound one only.
    const rules = (await api("lotus", "GET", "/business/support/sla")).body.data;
    expect(rules.urgent).toEqual({ firstReplyMinutes: 30, resolutionMinutes: 240 });
    const body = {
      rules: ["low", "normal", "high", "urgent"].map((priority) => ({
        priority,
        firstReplyMinutes: 60,
        resolutionMinutes: 600,
      })),
    };
    expect((await api("lotus", "PUT", "/business/support/sla", body)).status).toBe(403);
    expect((await api("admin", "PUT", "/business/support/sla", body)).status).toBe(200);
  });
});

describe("merging and splitting", () => {
  it("merges two tickets of one customer and splits messages off into a new one", async () => {
    const technical = await technicalDepartment();
    const open = async (subject: string) =>
      (
        await api("budi", "POST", "/support/tickets", {
          departmentId: technical.departmentId,
          subject,
          message: `<p>${subject}</p>`,
        })
      ).body.data.ticketNo as string;
    const first = await open("Invoice address");
    clock = new Date(clock.getTime() + MINUTE);
    // The first is answered; then she asks again in a new ticket.
    await api("admin", "POST", `/business/tickets/${first}/replies`, { message: "<p>Which address?</p>" });
    expect((await ticketRow(first)).status).toBe("answered");
    clock = new Date(clock.getTime() + MINUTE);
    const second = await open("Invoice address again");
    const linhTicket = (
      await api("linh", "POST", "/support/tickets", {
        departmentId: technical.departmentId,
        subject: "x",
        message: "<p>x</p>",
      })
    ).body.data.ticketNo;
    expect((await api("admin", "POST", `/business/tickets/${second}/merge`, { intoTicketNo: linhTicket })).status).toBe(
      409,
    );
    // Her newer question merged in: the first waits for us again.
    const merged = await api("admin", "POST", `/business/tickets/${second}/merge`, { intoTicketNo: first });
    expect(merged.body.msg).toBe(`Merged into ticket ${first}`);
    expect(await ticketRow(first)).toMatchObject({ status: "open", lastFrom: "customer" });
    expect((await api("budi", "GET", `/support/tickets/${first}`)).body.data.messages).toHaveLength(3);
    const gone = await api("budi", "POST", `/support/tickets/${second}/replies`, { message: "<p>hello</p>" });
    expect(gone).toMatchObject({
      status: 409,
      body: { msg: `This ticket was merged into ticket ${first}: write there` },
    });

    const messages = (await api("admin", "GET", `/business/tickets/${first}`)).body.data.messages;
    // The answer and the merged question split off: the new ticket waits for us, answered once already.
    const split = await api("admin", "POST", `/business/tickets/${first}/split`, {
      messageIds: [messages[1].messageId, messages[2].messageId],
      subject: "A second question",
    });
    const third = split.body.data.ticketNo;
    expect((await api("budi", "GET", `/support/tickets/${third}`)).body.data).toMatchObject({
      subject: "A second question",
    });
    expect((await api("budi", "GET", `/support/tickets/${first}`)).body.data.messages).toHaveLength(1);
    expect(
      (
        await api("admin", "POST", `/business/tickets/${first}/split`, {
          messageIds: [messages[0].messageId],
          subject: "all",
        })
      ).status,
    ).toBe(400);
  });
});

describe("attachments", () => {
  const boundary = "----rampart-ticket-boundary";
  const upload = (who: string, name: string, content: Buffer) =>
    t.app.inject({
      method: "POST",
      url: "/prod-api/file/upload",
      headers: { ...as[who], "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

  it("keeps a ticket's files private to its readers, within the desk's limits", async () => {
    const technical = await technicalDepartment();
    const uploaded = await upload("linh", "hóa đơn.pdf", PDF);
    expect(uploaded.statusCode).toBe(200);
    const fileId = uploaded.json().data.url as string;
    // It has no public address.
    expect((await t.app.inject({ url: `/prod-api/file/${fileId}.pdf` })).statusCode).toBe(404);
    // Another's upload is not hers to attach.
    const budis = (await upload("budi", "log.txt", Buffer.from("line one\n"))).json().data.url as string;
    const refused = await api("linh", "POST", "/support/tickets", {
      departmentId: technical.departmentId,
      subject: "File",
      message: "<p>see file</p>",
      attachments: [budis],
    });
    expect(refused.status).toBe(400);
    const opened = await api("linh", "POST", "/support/tickets", {
      departmentId: technical.departmentId,
      subject: "File",
      message: "<p>see file</p>",
      attachments: [fileId],
    });
    const ticketNo = opened.body.data.ticketNo;
    const [attachment] = (await api("linh", "GET", `/support/tickets/${ticketNo}`)).body.data.messages[0].attachments;
    expect(attachment).toMatchObject({ name: "hóa đơn.pdf", contentType: "application/pdf" });
    const fetched = await t.app.inject({ url: attachment.url, headers: as.linh });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers["cache-control"]).toBe("private, no-store");
    expect((await t.app.inject({ url: attachment.url, headers: as.budi })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: attachment.url.replace("/support/", "/business/"), headers: as.admin })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: attachment.url.replace("/support/", "/business/"), headers: as.lotus })).statusCode,
    ).toBe(404);
    // Attached once only.
    const twice = await api("linh", "POST", `/support/tickets/${ticketNo}/replies`, {
      message: "<p>again</p>",
      attachments: [fileId],
    });
    expect(twice.status).toBe(400);

    // Beyond the limits: a clear answer, in her language.
    await t.database.db
      .update(sysConfig)
      .set({ configValue: "1" })
      .where(like(sysConfig.configKey, "sys.support.attachmentMaxMb"));
    const big = await upload("linh", "dump.txt", Buffer.alloc(1536 * 1024, "a"));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe("Mỗi tệp đính kèm tối đa 1 MB");
    const exe = await upload("linh", "tool.zip", Buffer.from("MZ this is not a zip"));
    expect(exe.statusCode).toBe(400);
    await t.database.db
      .update(sysConfig)
      .set({ configValue: "1" })
      .where(and(eq(sysConfig.configKey, "sys.support.attachmentsPerMessage")));
    const two = [
      (await upload("linh", "a.txt", Buffer.from("a\n"))).json().data.url,
      (await upload("linh", "b.txt", Buffer.from("b\n"))).json().data.url,
    ];
    const tooMany = await api("linh", "POST", `/support/tickets/${ticketNo}/replies`, {
      message: "<p>two</p>",
      attachments: two,
    });
    expect(tooMany).toMatchObject({ status: 400, body: { msg: "Mỗi tin nhắn tối đa 1 tệp đính kèm" } });
  });
});
