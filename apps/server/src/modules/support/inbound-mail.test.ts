import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizInboundMail, bizTicket, bizTicketDepartment, bizTicketMessage, sysMail, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { platformSignature } from "../webhooks/platform-signature.ts";
import { senderAuthenticated } from "./inbound-sender.ts";

// The desk's own SMTP listener on a free port of this machine, mailed through nodemailer as a
// customer's mail server would; and the providers' inbound webhook, signed.
const WEBHOOK_SECRET = Buffer.from("inbound-webhook-secret-of-the-tests-0123").toString("base64");
let t: TestApp;
let customer: Record<string, string>;
let technicalId = 0;

const send = (message: SendMailOptions) =>
  nodemailer
    .createTransport({ host: "127.0.0.1", port: t.app.inboundSmtpPort!, secure: false, ignoreTLS: true })
    .sendMail({ messageId: `<${randomUUID()}@mail.example>`, ...message });
const messagesOf = async (ticketNo: string) => {
  const [ticket] = await t.database.db.select().from(bizTicket).where(eq(bizTicket.ticketNo, ticketNo));
  return t.database.db
    .select()
    .from(bizTicketMessage)
    .where(eq(bizTicketMessage.ticketId, ticket!.ticketId))
    .orderBy(bizTicketMessage.messageId);
};
const lastInbound = async () =>
  (await t.database.db.select().from(bizInboundMail).orderBy(desc(bizInboundMail.inboundId)).limit(1))[0]!;

beforeAll(async () => {
  t = await openTestApp({ inboundMail: { smtpPort: 0, webhookSecret: WEBHOOK_SECRET } });
  const { db } = t.database;
  await createUser(db, { userName: "linh", password: "Linh-pass-2027x" });
  await createUser(db, { userName: "budi", password: "Budi-pass-2027x" });
  await db.update(sysUser).set({ email: "linh@example.vn" }).where(eq(sysUser.userName, "linh"));
  // Budi confirmed his address; an account that only claims it (never confirmed) is not him.
  await db
    .update(sysUser)
    .set({ email: "budi@example.id", emailVerifiedAt: new Date() })
    .where(eq(sysUser.userName, "budi"));
  await createUser(db, { userName: "budi.lookalike", password: "Look-alike-2027x" });
  await db.update(sysUser).set({ email: "BUDI@example.id" }).where(eq(sysUser.userName, "budi.lookalike"));
  customer = await signIn(t.app, "linh", "Linh-pass-2027x");
  const [technical] = await db.select().from(bizTicketDepartment).where(eq(bizTicketDepartment.key, "technical"));
  technicalId = technical!.departmentId;
  await db
    .update(bizTicketDepartment)
    .set({ email: "tech@desk.rampart.test" })
    .where(eq(bizTicketDepartment.departmentId, technicalId));
});
afterAll(() => t.close());

/** A ticket of hers, opened in the console; answers its number and its mail's reply address. */
async function openTicket(subject: string) {
  const opened = await t.app.inject({
    method: "POST",
    url: "/prod-api/support/tickets",
    headers: customer,
    payload: { departmentId: technicalId, subject, message: "<p>The check fails.</p>" },
  });
  const ticketNo = opened.json().data.ticketNo as string;
  const [mail] = await t.database.db
    .select()
    .from(sysMail)
    .where(and(eq(sysMail.event, "ticket_opened"), eq(sysMail.recipient, "linh@example.vn")))
    .orderBy(desc(sysMail.mailId))
    .limit(1);
  return { ticketNo, replyTo: mail!.replyTo };
}

describe("replies by mail", () => {
  it("lands the customer's reply in its thread, without the quoted history, with its attachment", async () => {
    const { ticketNo, replyTo } = await openTicket("CNAME");
    expect(replyTo).toMatch(new RegExp(`^ticket\\+${ticketNo}\\.[0-9a-f]{20}@desk\\.rampart\\.test$`));
    await send({
      from: "Linh <LINH@example.vn>",
      to: replyTo,
      subject: `Re: [#${ticketNo}] We have your request: CNAME`,
      text: "Thanks, it works now.\n\nOn Mon, 30 Nov 2026 at 09:00, Rampart Cloud <no-reply@rampart.test> wrote:\n> The check fails.\n> Old text we should not keep.",
      attachments: [{ filename: "dig.txt", content: "shop.example.com. CNAME x.cdn.example.net.\n" }],
    });
    const messages = await messagesOf(ticketNo);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ via: "mail", fromStaff: false, body: "<p>Thanks, it works now.</p>" });
    const thread = await t.app.inject({ url: `/prod-api/support/tickets/${ticketNo}`, headers: customer });
    expect(thread.json().data.messages[1].attachments[0]).toMatchObject({ name: "dig.txt" });
    expect(await lastInbound()).toMatchObject({ outcome: "added", via: "smtp" });
  });

  it("refuses a forged reply address and any other recipient at RCPT TO, and attaches nothing", async () => {
    const { ticketNo, replyTo } = await openTicket("Forgery");
    const forged = replyTo.replace(/\.[0-9a-f]{20}@/, ".00000000000000000000@");
    await expect(send({ from: "linh@example.vn", to: forged, subject: "x", text: "hello" })).rejects.toThrow(/550/);
    // Another ticket's number under this one's signature is forged too.
    const other = replyTo.replace(`+${ticketNo}.`, "+12345678.");
    await expect(send({ from: "linh@example.vn", to: other, subject: "x", text: "hello" })).rejects.toThrow(/550/);
    await expect(
      send({ from: "linh@example.vn", to: "anyone@desk.rampart.test", subject: "x", text: "x" }),
    ).rejects.toThrow(/550/);
    expect(await messagesOf(ticketNo)).toHaveLength(1);
  });

  it("quarantines a reply from someone who is not the ticket's customer, and takes a mail once", async () => {
    const { ticketNo, replyTo } = await openTicket("Stranger");
    await send({ from: "mallory@example.com", to: replyTo, subject: "x", text: "Please refund me to this account." });
    expect(await messagesOf(ticketNo)).toHaveLength(1);
    expect(await lastInbound()).toMatchObject({
      outcome: "quarantined",
      reason: "not_the_customer",
      mailFrom: "mallory@example.com",
      text: "Please refund me to this account.",
      // Filed under the ticket it answered (and its site), for the operators who look at it.
      ticketId: (await t.database.db.select().from(bizTicket).where(eq(bizTicket.ticketNo, ticketNo)))[0]!.ticketId,
      siteId: null,
    });
    // The same mail delivered twice (a retrying server) is added once.
    const messageId = `<${randomUUID()}@mail.example>`;
    for (let i = 0; i < 2; i++)
      await send({ from: "linh@example.vn", to: replyTo, subject: "x", text: "Once.", messageId });
    expect((await messagesOf(ticketNo)).map((m) => m.body)).toEqual(["<p>The check fails.</p>", "<p>Once.</p>"]);
  });
});

describe("what a mail program sends by itself, and merged or refused parts", () => {
  it("keeps an out-of-office answer aside, follows a merge, and says which attachments were not kept", async () => {
    const { ticketNo, replyTo } = await openTicket("Away");
    await send({
      from: "linh@example.vn",
      to: replyTo,
      subject: "Automatic reply: away until Monday",
      text: "I am out of the office.",
      headers: { "Auto-Submitted": "auto-replied" },
    });
    expect(await messagesOf(ticketNo)).toHaveLength(1);
    expect(await lastInbound()).toMatchObject({ outcome: "quarantined", reason: "automatic" });

    // Merged into another of hers: a reply to the old one's mail goes on in the other.
    const other = await openTicket("Away, again");
    const merged = await t.app.inject({
      method: "POST",
      url: `/prod-api/business/tickets/${ticketNo}/merge`,
      headers: await signIn(t.app, "admin", TEST_ADMIN_PASSWORD),
      payload: { intoTicketNo: other.ticketNo },
    });
    expect(merged.statusCode).toBe(200);
    await send({
      from: "linh@example.vn",
      to: replyTo,
      subject: "Re: Away",
      text: "Here is the log.",
      attachments: [{ filename: "tool.exe", content: Buffer.from("MZ not for a ticket") }],
    });
    const thread = await messagesOf(other.ticketNo);
    expect(thread.at(-1)!.body).toBe(
      "<p>Here is the log.</p><p>(Not kept: tool.exe. An attachment must be a picture, PDF, text or archive within the size allowed.)</p>",
    );
  });
});

describe("new tickets by mail", () => {
  it("opens a ticket in the department whose address a known customer writes to, and quarantines strangers", async () => {
    await send({
      from: "budi@example.id",
      to: "Tech <tech@desk.rampart.test>",
      subject: "Re: Invoice address",
      text: "Please put our tax number on the invoice.\n\n--\nBudi",
    });
    const [ticket] = await t.database.db
      .select()
      .from(bizTicket)
      .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
      .where(eq(sysUser.userName, "budi"));
    expect(ticket!.biz_ticket).toMatchObject({ subject: "Invoice address", departmentId: technicalId, status: "open" });
    const messages = await messagesOf(ticket!.biz_ticket.ticketNo);
    expect(messages[0]).toMatchObject({ via: "mail", body: "<p>Please put our tax number on the invoice.</p>" });
    // Acknowledged to him with the ticket's own reply address.
    const [ack] = await t.database.db
      .select()
      .from(sysMail)
      .where(and(eq(sysMail.event, "ticket_opened"), eq(sysMail.recipient, "budi@example.id")));
    expect(ack!.replyTo).toContain(`ticket+${ticket!.biz_ticket.ticketNo}.`);

    const before = (await t.database.db.select().from(bizTicket)).length;
    await send({ from: "nobody@example.org", to: "tech@desk.rampart.test", subject: "Hi", text: "Buy cheap watches" });
    expect(await t.database.db.select().from(bizTicket)).toHaveLength(before);
    expect(await lastInbound()).toMatchObject({ outcome: "quarantined", reason: "unknown_sender" });
  });
});

describe("the providers' inbound webhook", () => {
  const post = (body: object, sign = true) => {
    const raw = JSON.stringify(body);
    const id = `msg_${randomUUID()}`;
    const stamp = Math.floor(Date.now() / 1000);
    return t.app.inject({
      method: "POST",
      url: "/prod-api/support/inbound-mail",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(stamp),
        "webhook-signature": sign
          ? platformSignature(WEBHOOK_SECRET, id, stamp, raw)
          : platformSignature(Buffer.from("someone-else-entirely-0123456789").toString("base64"), id, stamp, raw),
      },
      payload: raw,
    });
  };

  it("adds a signed post's reply to its ticket, and refuses an unsigned one", async () => {
    const { ticketNo, replyTo } = await openTicket("Webhook");
    const mail = {
      from: "linh@example.vn",
      to: [replyTo],
      subject: "Re: Webhook",
      text: "Sent through the provider.",
      authenticated: true,
      attachments: [{ name: "note.txt", contentBase64: Buffer.from("a note\n").toString("base64") }],
    };
    expect((await post(mail, false)).statusCode).toBe(401);
    expect(await messagesOf(ticketNo)).toHaveLength(1);
    const taken = await post(mail);
    expect(taken.json().data).toMatchObject({ outcome: "added", ticketNo });
    expect((await messagesOf(ticketNo))[1]).toMatchObject({ via: "mail", body: "<p>Sent through the provider.</p>" });
    const forged = await post({ ...mail, to: [replyTo.replace(/\.[0-9a-f]{20}@/, ".11111111111111111111@")] });
    expect(forged.statusCode).toBe(422);
  });
});

describe("who a mail is from", () => {
  it("takes a mail's From as proven only from a trusted relay or when it passes DMARC", async () => {
    const raw = Buffer.from(
      "From: Linh <linh@example.vn>\r\nTo: tech@desk.rampart.test\r\nSubject: Hi\r\nMessage-ID: <a@example.vn>\r\n\r\nHello\r\n",
    );
    // No SPF, DKIM or DMARC records anywhere: nothing proves the From.
    const resolver = async () => {
      throw Object.assign(new Error("no such record"), { code: "ENOTFOUND" });
    };
    const origin = { ip: "203.0.113.9", helo: "mx.example.vn", sender: "linh@example.vn" };
    const settings = { trustedRelays: ["192.0.2.25"], mta: "desk.rampart.test", resolver };
    expect(await senderAuthenticated(raw, origin, settings)).toBe(false);
    expect(await senderAuthenticated(raw, { ...origin, ip: "::ffff:192.0.2.25" }, settings)).toBe(true);
  });
});
