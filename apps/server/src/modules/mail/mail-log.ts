import type { MailLogQuery, MailLogView, MailMessageView } from "@rampart/contracts";
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysMail } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";
import { maskOneTimeLinks } from "./outbox.ts";

type MailRow = typeof sysMail.$inferSelect;

const view = (row: MailRow): MailLogView => ({
  mailId: row.mailId,
  messageId: row.messageId,
  siteId: row.siteId,
  event: row.event,
  language: row.language,
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastResponse: row.lastResponse,
  createTime: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** Conditions on the mail log within a site's scope (null: every site's). */
const scoped = (siteScope: number | null, ...conditions: (SQL | undefined)[]) =>
  and(siteScope === null ? undefined : eq(sysMail.siteId, siteScope), ...conditions);

/** A page of the mail log, newest first, searched by recipient, event and status. */
export async function listMails(db: Db, query: MailLogQuery, siteScope: number | null) {
  const { pageNum, pageSize, recipient, event, status } = query;
  const where = scoped(
    siteScope,
    recipient?.trim() ? ilike(sysMail.recipient, likeAnywhere(recipient.trim())) : undefined,
    event ? eq(sysMail.event, event) : undefined,
    status ? eq(sysMail.status, status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysMail)
      .where(where)
      .orderBy(desc(sysMail.mailId))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(sysMail).where(where),
  ]);
  return { rows: rows.map(view), total: total?.n ?? 0 };
}

/** One mail of the log within a site's scope; 404 mail_not_found otherwise. */
export async function mailRecord(db: Db, mailId: number, siteScope: number | null): Promise<MailRow> {
  const [row] = await db
    .select()
    .from(sysMail)
    .where(scoped(siteScope, eq(sysMail.mailId, mailId)));
  if (!row) throw new NotFoundError("mail_not_found", { value: String(mailId) });
  return row;
}

/**
 * A mail as the console opens it. One-time links are masked, except in a mail never sent for want
 * of an SMTP server (the only way to follow such a link on an installation without mail).
 */
export function mailMessage(row: MailRow): MailMessageView {
  const keep = row.status === "not_sent";
  return {
    ...view(row),
    html: keep ? row.html : maskOneTimeLinks(row.html),
    text: keep ? row.text : maskOneTimeLinks(row.text),
  };
}
