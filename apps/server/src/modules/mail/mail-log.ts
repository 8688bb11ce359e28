import { isLanguage, type MailLogQuery, type MailLogView, type MailMessageView } from "@rampart/contracts";
import { and, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { countedRow, countUpTo } from "../../db/capped-count.ts";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysMail } from "../../db/schema.ts";
import { BadRequestError, NotFoundError } from "../../http/errors.ts";
import type { MailEvent } from "./mail-texts.ts";
import { carriesOneTimeLink, maskOneTimeLinks } from "./one-time-links.ts";
import type { MailOutbox } from "./outbox.ts";

type MailRow = typeof sysMail.$inferSelect;

/** What the mail log shows of a mail (its body is read when it is opened: mailMessage). */
const LISTED = {
  mailId: sysMail.mailId,
  messageId: sysMail.messageId,
  siteId: sysMail.siteId,
  event: sysMail.event,
  language: sysMail.language,
  recipient: sysMail.recipient,
  subject: sysMail.subject,
  status: sysMail.status,
  attempts: sysMail.attempts,
  lastResponse: sysMail.lastResponse,
  createdAt: sysMail.createdAt,
  sentAt: sysMail.sentAt,
};

const view = (row: Pick<MailRow, keyof typeof LISTED>): MailLogView => ({
  mailId: row.mailId,
  messageId: row.messageId,
  siteId: row.siteId,
  event: row.event,
  language: row.language,
  recipient: row.recipient,
  subject: maskOneTimeLinks(row.subject),
  status: row.status,
  attempts: row.attempts,
  // Kept masked since issue 37's review; older rows masked as they are shown.
  lastResponse: maskOneTimeLinks(row.lastResponse),
  createTime: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  oneTimeLink: carriesOneTimeLink(row.event),
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
  const offset = (pageNum - 1) * pageSize;
  const pageIds = db.select({ mailId: sysMail.mailId }).from(sysMail).where(where).orderBy(desc(sysMail.mailId));
  const [rows, total] = await Promise.all([
    // The page's mails chosen from an index alone (the mail's id), then the list's columns of
    // them only: a mail's HTML and text (kilobytes each) are read when it is opened.
    db
      .select(LISTED)
      .from(sysMail)
      .where(inArray(sysMail.mailId, pageIds.limit(pageSize).offset(offset)))
      .orderBy(desc(sysMail.mailId)),
    countUpTo(db, db.select(countedRow).from(sysMail).where(where).$dynamic(), offset),
  ]);
  return { rows: rows.map(view), total };
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
 * A mail as the console opens it, its one-time links masked whatever its status: a link read here
 * would let the reader into its recipient's account. Only the recipient ever gets one.
 */
export function mailMessage(row: MailRow): MailMessageView {
  return { ...view(row), html: maskOneTimeLinks(row.html), text: maskOneTimeLinks(row.text) };
}

/**
 * A failed mail sent again. One with a one-time link is not: its owner is mailed a new link, as if
 * they had asked again (the old one was never kept), and nothing of it reaches the operator.
 */
export async function sendMailAgain(outbox: MailOutbox, row: MailRow): Promise<void> {
  if (row.status !== "failed") throw new BadRequestError("mail_not_failed");
  if (!carriesOneTimeLink(row.event)) return outbox.resend(row.mailId);
  await outbox.reissue({
    event: row.event as MailEvent,
    recipient: row.recipient,
    siteId: row.siteId,
    language: isLanguage(row.language) ? row.language : "en",
  });
}
