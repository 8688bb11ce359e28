import { DEFAULT_ROLE, type InboundMailReason, isLanguage, type Language } from "@rampart/contracts";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizInboundMail, bizTicket, bizTicketDepartment, sysRole, sysUser, sysUserRole } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../http/errors.ts";
import { checkUpload } from "../files/file-rules.ts";
import { storeUpload } from "../files/service.ts";
import { salesAddresses } from "../sites/sales-addresses.ts";
import type { ReplyAddresses } from "./reply-address.ts";
import { supportSettings } from "./support-settings.ts";
import {
  type Customer,
  cleanMessage,
  MailAlreadyTaken,
  type MailClaim,
  openTicketByMail,
  replyByMail,
  type SupportDeps,
} from "./tickets.ts";

/** A mail as the desk receives it, from its SMTP listener or a provider's inbound webhook. */
export interface InboundMessage {
  via: "smtp" | "webhook";
  /** The sender's address (the From header's). */
  from: string;
  /** Every recipient (the envelope's, or To and Cc). */
  to: string[];
  subject: string;
  messageId: string;
  /** The text part (or the HTML part made text, when there is none). */
  text: string;
  attachments: { name: string; content: Buffer }[];
  size: number;
  /** An automatic answer (Auto-Submitted, Precedence, an empty envelope sender): never added to a ticket. */
  automatic: boolean;
  /** Its From proven (a trusted relay, DMARC, or the webhook provider's verdict); never added otherwise. */
  authenticated: boolean;
}

export type InboundOutcome =
  | { outcome: "added" | "opened"; ticketNo: string; dropped: string[] }
  | { outcome: "refused" | "quarantined"; reason: InboundReason }
  | { outcome: "duplicate" };
export type InboundReason = InboundMailReason;
/** The ticket and site a mail was addressed to, as far as they are known. */
type Addressed = { ticketId: number | null; siteId: number | null };
const UNADDRESSED: Addressed = { ticketId: null, siteId: null };

/** A quarantined mail's text is kept this long at most, for the operator who looks at it. */
const KEPT_TEXT = 20_000;
/** "Re:", "回复：", "Trả lời:"… before a subject, and the reference, taken off a new ticket's subject. */
const SUBJECT_NOISE = /^\s*((re|fw|fwd|aw|sv|回复|回覆|答复|转发|轉寄|trả lời|balas)\s*[:：]\s*)+/i;

/** Plain text as a message's HTML: paragraphs and line breaks kept, everything escaped. */
export function textAsHtml(text: string): string {
  const escaped = (line: string) =>
    line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split("\n").map(escaped).join("<br>")}</p>`)
    .join("");
}

/** What the sender wrote, without the quoted history and signature below it. */
async function visibleText(text: string): Promise<string> {
  const { default: EmailReplyParser } = await import("email-reply-parser");
  return new EmailReplyParser().parseReply(text).trim();
}

/**
 * The one customer account a sender's address is (enabled, holding no operator's role, its address
 * confirmed, of the department's site when the department is a site's): none when there is none,
 * or more than one (the mail is quarantined rather than given to the wrong account).
 */
async function customerOfAddress(db: Db, address: string, siteId: number | null) {
  const users = await db
    .select()
    .from(sysUser)
    .where(
      and(
        sql`lower(${sysUser.email}) = ${address}`,
        eq(sysUser.status, "0"),
        isNotNull(sysUser.emailVerifiedAt),
        siteId === null ? undefined : eq(sysUser.siteId, siteId),
      ),
    );
  const customers: (typeof sysUser.$inferSelect)[] = [];
  for (const user of users) {
    const roles = await db
      .select({ roleKey: sysRole.roleKey })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
      .where(eq(sysUserRole.userId, user.userId));
    if (roles.every((role) => role.roleKey === DEFAULT_ROLE)) customers.push(user);
  }
  return customers.length === 1 ? customers[0] : undefined;
}

const asCustomer = (user: typeof sysUser.$inferSelect): Customer => ({
  userId: user.userId,
  userName: user.userName,
  siteId: user.siteId,
  language: isLanguage(user.language) ? user.language : "en",
});

/**
 * Takes a received mail: a reply to one of the desk's signed addresses from the ticket's customer
 * is added to that ticket (its quoted history stripped, its attachments kept when they pass the
 * desk's rules); a mail to a department's address from a known customer opens a ticket there.
 * Anything else is never attached to anyone's ticket: a forged reply address or an address that
 * names no ticket nor department is refused; a mail from someone else is quarantined for an
 * operator to look at. Every mail received is logged with what became of it; a mail whose
 * Message-ID was already taken is taken once.
 */
export async function receiveMail(
  deps: SupportDeps & { replies: ReplyAddresses },
  mail: InboundMessage,
): Promise<InboundOutcome> {
  const { db } = deps;
  const from = mail.from.trim().toLowerCase();
  const recipients = mail.to.map((address) => address.trim().toLowerCase());
  const row = (outcome: "added" | "opened" | "refused" | "quarantined", reason: string, addressed: Addressed) => ({
    via: mail.via,
    mailFrom: from.slice(0, 254),
    rcptTo: recipients.join(", ").slice(0, 1000),
    subject: mail.subject.slice(0, 500),
    messageId: mail.messageId.slice(0, 255),
    outcome,
    reason,
    ticketId: addressed.ticketId,
    siteId: addressed.siteId,
    size: mail.size,
    text: outcome === "quarantined" ? mail.text.trim().slice(0, KEPT_TEXT) : "",
    receivedAt: deps.now(),
  });
  const refuse = async (
    outcome: "refused" | "quarantined",
    reason: InboundReason,
    addressed = UNADDRESSED,
  ): Promise<InboundOutcome> => {
    try {
      await db.insert(bizInboundMail).values(row(outcome, reason, addressed));
    } catch (error) {
      // Taken before (the same Message-ID): nothing more to do.
      if (isUniqueViolation(error)) return { outcome: "duplicate" };
      throw error;
    }
    return { outcome, reason };
  };
  /** The mail's log row, written with the ticket change it makes: false when an earlier delivery has it. */
  const claim =
    (outcome: "added" | "opened", reason: string, siteId: number | null): MailClaim =>
    async (tx, ticketId) =>
      (
        await tx
          .insert(bizInboundMail)
          .values(row(outcome, reason, { ticketId, siteId }))
          .onConflictDoNothing()
          .returning()
      ).length > 0;

  if (mail.messageId) {
    const [seen] = await db
      .select({ id: bizInboundMail.inboundId })
      .from(bizInboundMail)
      .where(eq(bizInboundMail.messageId, mail.messageId.slice(0, 255)));
    if (seen) return { outcome: "duplicate" };
  }

  const named = recipients.map((address) => deps.replies.ticketOf(address));
  const ticketNo = named.find((found): found is string => found !== null && found !== "forged");
  if (!ticketNo && named.includes("forged")) return refuse("refused", "forged_address");
  // An out-of-office or other automatic answer is not a customer writing: kept aside, never added.
  if (mail.automatic) return refuse("quarantined", "automatic", await addressedTo(db, ticketNo, recipients));
  // Anyone can write any From: a mail not proven to come from its sender is kept aside.
  if (!mail.authenticated) return refuse("quarantined", "unauthenticated", await addressedTo(db, ticketNo, recipients));

  const body = await visibleText(mail.text);
  try {
    if (ticketNo) {
      const [ticket] = await db
        .select({ ticket: bizTicket, customer: sysUser })
        .from(bizTicket)
        .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
        .where(eq(bizTicket.ticketNo, ticketNo));
      if (!ticket) return refuse("refused", "ticket_not_found");
      const addressed = { ticketId: ticket.ticket.ticketId, siteId: ticket.ticket.siteId };
      if (ticket.customer.email.toLowerCase() !== from || ticket.customer.status !== "0")
        return refuse("quarantined", "not_the_customer", addressed);
      const customer = asCustomer(ticket.customer);
      const { fileIds, dropped } = await storeAttachments(db, customer, mail.attachments);
      if (body === "" && fileIds.length === 0) return refuse("refused", "empty", addressed);
      try {
        const added = await replyByMail(
          deps,
          customer,
          ticketNo,
          await cleanMessage(withDropped(body, dropped, customer.language)),
          fileIds,
          claim("added", dropped.length ? `dropped:${dropped.length}` : "", ticket.ticket.siteId),
        );
        return { outcome: "added", ticketNo: added, dropped };
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return refuse("refused", "ticket_closed", addressed);
        throw error;
      }
    }

    // A new ticket: to a department's address (a site's own, or the installation's).
    const department = await departmentAddressed(db, recipients);
    if (!department) return refuse("refused", "no_recipient");
    const addressed = { ticketId: null, siteId: department.siteId };
    const user = await customerOfAddress(db, from, department.siteId);
    if (!user) return refuse("quarantined", "unknown_sender", addressed);
    const customer = asCustomer(user);
    // A site with departments of its own does not take tickets in the installation's.
    if (department.siteId === null && user.siteId !== null) {
      const [own] = await db
        .select({ id: bizTicketDepartment.departmentId })
        .from(bizTicketDepartment)
        .where(eq(bizTicketDepartment.siteId, user.siteId))
        .limit(1);
      if (own) return refuse("quarantined", "unknown_sender", addressed);
    }
    const { fileIds, dropped } = await storeAttachments(db, customer, mail.attachments);
    if (body === "" && fileIds.length === 0) return refuse("refused", "empty", addressed);
    const subject = mail.subject.replace(SUBJECT_NOISE, "").trim().slice(0, 200) || body.split("\n")[0]!.slice(0, 200);
    const opened = await openTicketByMail(
      deps,
      customer,
      department.departmentId,
      subject,
      await cleanMessage(withDropped(body, dropped, customer.language)),
      fileIds,
      // The ticket is of the customer's site (insertTicket).
      claim("opened", dropped.length ? `dropped:${dropped.length}` : "", customer.siteId),
    );
    return { outcome: "opened", ticketNo: opened, dropped };
  } catch (error) {
    if (error instanceof MailAlreadyTaken) return { outcome: "duplicate" };
    throw error;
  }
}

/** The enabled department one of a mail's recipients is the address of. */
async function departmentAddressed(db: Db, recipients: string[]) {
  const departments = await db
    .select()
    .from(bizTicketDepartment)
    .where(and(eq(bizTicketDepartment.enabled, true), sql`${bizTicketDepartment.email} <> ''`));
  return departments.find((d) => salesAddresses(d.email).some((address) => recipients.includes(address)));
}

/**
 * The ticket (its reply address, already proven the desk's) or else the department a mail was
 * written to, and so its site: what a mail kept aside before it was read further is filed under.
 */
async function addressedTo(db: Db, ticketNo: string | undefined, recipients: string[]): Promise<Addressed> {
  if (ticketNo) {
    const [ticket] = await db
      .select({ ticketId: bizTicket.ticketId, siteId: bizTicket.siteId })
      .from(bizTicket)
      .where(eq(bizTicket.ticketNo, ticketNo));
    return ticket ?? UNADDRESSED;
  }
  const department = await departmentAddressed(db, recipients);
  return department ? { ticketId: null, siteId: department.siteId } : UNADDRESSED;
}

/** What the desk says under a mail's text of the attachments it did not keep, in the customer's language. */
const DROPPED: Record<Language, (names: string) => string> = {
  en: (names) => `(Not kept: ${names}. An attachment must be a picture, PDF, text or archive within the size allowed.)`,
  "zh-CN": (names) => `（未保存的附件：${names}。附件须为图片、PDF、文本或压缩包，且不超过大小限制。）`,
  "zh-TW": (names) => `（未保存的附件：${names}。附件須為圖片、PDF、文字或壓縮檔，且不超過大小限制。）`,
  id: (names) => `(Tidak disimpan: ${names}. Lampiran harus berupa gambar, PDF, teks, atau arsip dalam batas ukuran.)`,
  vi: (names) =>
    `(Không lưu: ${names}. Tệp đính kèm phải là ảnh, PDF, văn bản hoặc tệp nén trong giới hạn dung lượng.)`,
};

/** A mail's text as a message's HTML, with a line naming the attachments that were not kept. */
function withDropped(body: string, dropped: string[], language: Language): string {
  const text = body || "📎";
  return textAsHtml(dropped.length ? `${text}\n\n${DROPPED[language](dropped.join(", "))}` : text);
}

/**
 * A mail's attachments stored as the customer's own private files, as if uploaded: those the desk's
 * rules take (type by content, size, count, the customer's storage); the names of the others.
 */
async function storeAttachments(db: Db, customer: Customer, attachments: InboundMessage["attachments"]) {
  const settings = await supportSettings(db);
  const fileIds: string[] = [];
  const dropped: string[] = [];
  for (const attachment of attachments) {
    const check = await checkUpload("attachment", attachment.name, attachment.content);
    if (
      !check.ok ||
      attachment.content.length > settings.attachmentMaxMb * 1024 * 1024 ||
      fileIds.length >= settings.attachmentsPerMessage
    ) {
      dropped.push(attachment.name);
      continue;
    }
    try {
      fileIds.push(
        await storeUpload(
          db,
          { userId: customer.userId, roles: [DEFAULT_ROLE] },
          {
            name: attachment.name.slice(0, 255),
            content: attachment.content,
            contentType: check.contentType,
            extension: check.extension,
            private: true,
          },
        ),
      );
    } catch (error) {
      // Over the customer's storage: the file is not kept, the message is.
      if (error instanceof AppError) dropped.push(attachment.name);
      else throw error;
    }
  }
  return { fileIds, dropped };
}

/** Addresses the listener takes mail for: the desk's reply addresses and the departments' (lower case). */
export async function departmentAddresses(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ email: bizTicketDepartment.email })
    .from(bizTicketDepartment)
    .where(and(eq(bizTicketDepartment.enabled, true), sql`${bizTicketDepartment.email} <> ''`));
  return new Set(rows.flatMap((row) => salesAddresses(row.email)));
}

/** Whether a mail's headers say a program sent it (RFC 3834's Auto-Submitted, Precedence, the usual autoresponder marks). */
export function isAutomatic(headers: (name: string) => string | undefined, envelopeSender: string | null): boolean {
  if (envelopeSender === "") return true;
  const submitted = headers("auto-submitted")?.trim().toLowerCase();
  if (submitted && submitted !== "no") return true;
  if (/^(bulk|junk|list|auto_reply)$/i.test(headers("precedence")?.trim() ?? "")) return true;
  return Boolean(headers("x-autoreply") || headers("x-autorespond"));
}
