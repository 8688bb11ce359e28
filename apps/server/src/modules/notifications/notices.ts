import {
  MAIL_REQUIRED_EVENTS,
  MAIL_REQUIRED_KINDS,
  NOTICE_BELL_SIZE,
  NOTICE_DIGEST_MINUTES,
  NOTICE_EVENT_KINDS,
  NOTICE_KINDS,
  type NoticeKind,
  type NoticePreference,
  type NotificationBell,
  type NotificationQuery,
  type NotificationView,
} from "@rampart/contracts";
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysNoticeMailOff, sysNotification, sysUser } from "../../db/schema.ts";
import type { SentNotice } from "../mail/outbox.ts";

/** Told to every process when a customer has a new notice (its payload: their user id). */
export const NOTICE_CHANNEL = "rampart_notice";

/** "Hello Linh," / "陈怡君，您好：": a mail's greeting, which a notice goes without. */
const GREETING = /^[^\n]{1,60}[,:，：]$/;

/** What a notice says: the mail's text without its greeting. */
export function noticeBody(body: string): string {
  const paragraphs = body.split(/\n{2,}/).map((paragraph) => paragraph.trim());
  const rest = paragraphs.length > 1 && GREETING.test(paragraphs[0]!) ? paragraphs.slice(1) : paragraphs;
  return rest.filter(Boolean).join("\n\n");
}

/**
 * A customer's mail kept as their notice (its subject the title, its text without the greeting
 * the body), in the mail's transaction: for the account the sender named, else the one account of
 * the mail's site with that address; announced to every process at commit (the bell hears it).
 */
export async function keepNotice(tx: Tx, notice: SentNotice): Promise<{ deliver: boolean; why?: string }> {
  const kind = NOTICE_EVENT_KINDS[notice.event];
  if (!kind || !notice.to) return { deliver: true };
  const userId = notice.userId ?? (await onlyAccountWith(tx, notice.siteId, notice.to));
  if (userId === null) return { deliver: true };
  const mail = await mailDecision(tx, userId, kind, notice.event, notice.at);
  await tx.insert(sysNotification).values({
    userId,
    kind,
    event: notice.event,
    title: notice.subject.slice(0, 500),
    body: noticeBody(notice.body),
    link: notice.link.slice(0, 1000),
    mailId: notice.mailId,
    mailState: mail.state,
    mailedAt: mail.state === "sent" ? notice.at : null,
    createdAt: notice.at,
  });
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${String(userId)})`);
  if (mail.state === "sent") return { deliver: true };
  return {
    deliver: false,
    why:
      mail.state === "off"
        ? "the customer turned off mail for this kind of notice (it is in their console)"
        : "held for the hour's digest of this kind of notice (it is in the customer's console)",
  };
}

/**
 * What becomes of a notice's mail: sent when it is required (security, receipts); off when its
 * reader turned its kind off; held for the digest when a mail of its kind went to them within the
 * hour (or one is already held); sent otherwise.
 */
async function mailDecision(
  tx: Tx,
  userId: number,
  kind: NoticeKind,
  event: string,
  at: Date,
): Promise<{ state: "sent" | "off" | "held" }> {
  if (MAIL_REQUIRED_KINDS.includes(kind) || MAIL_REQUIRED_EVENTS.includes(event)) return { state: "sent" };
  const [off] = await tx
    .select({ kind: sysNoticeMailOff.kind })
    .from(sysNoticeMailOff)
    .where(and(eq(sysNoticeMailOff.userId, userId), eq(sysNoticeMailOff.kind, kind)));
  if (off) return { state: "off" };
  // One decision at a time per reader and kind (the digest takes the same lock): two notices at
  // once are not both mailed on their own, nor one held as its digest goes out.
  await lockReaderKind(tx, userId, kind);
  const since = new Date(at.getTime() - NOTICE_DIGEST_MINUTES * 60_000);
  const [recent] = await tx
    .select({ notificationId: sysNotification.notificationId })
    .from(sysNotification)
    .where(
      and(
        eq(sysNotification.userId, userId),
        eq(sysNotification.kind, kind),
        or(gt(sysNotification.mailedAt, since), eq(sysNotification.mailState, "held")),
      ),
    )
    .limit(1);
  return { state: recent ? "held" : "sent" };
}

/** The transaction's lock on a reader's kind of notices (PostgreSQL advisory lock, released at its end). */
export async function lockReaderKind(tx: Tx, userId: number, kind: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}, hashtext(${kind}))`);
}

/** The customer's choice per kind: every kind kept in the console, mailed unless turned off. */
export async function noticePreferences(db: Db, userId: number): Promise<NoticePreference[]> {
  const off = await db
    .select({ kind: sysNoticeMailOff.kind })
    .from(sysNoticeMailOff)
    .where(eq(sysNoticeMailOff.userId, userId));
  return NOTICE_KINDS.map((kind) => {
    const mailRequired = MAIL_REQUIRED_KINDS.includes(kind);
    return { kind, mail: mailRequired || !off.some((row) => row.kind === kind), mailRequired };
  });
}

/** Turns mail off for these kinds and on for the others (a required kind stays on). */
export async function saveNoticePreferences(db: Db, userId: number, mailOff: readonly NoticeKind[]) {
  const kinds = mailOff.filter((kind) => !MAIL_REQUIRED_KINDS.includes(kind));
  await db.transaction(async (tx) => {
    await tx.delete(sysNoticeMailOff).where(eq(sysNoticeMailOff.userId, userId));
    if (kinds.length) await tx.insert(sysNoticeMailOff).values(kinds.map((kind) => ({ userId, kind })));
  });
  return noticePreferences(db, userId);
}

/**
 * The account a mail to this address of this site is for, when the sender did not say: the one
 * account with it; of two or more, the one that confirmed it (at most one can); none otherwise
 * (look-alike accounts that never confirmed it get no one's notices).
 */
async function onlyAccountWith(tx: Tx, siteId: number | null, address: string): Promise<number | null> {
  const users = await tx
    .select({ userId: sysUser.userId, confirmed: sql<boolean>`${sysUser.emailVerifiedAt} is not null` })
    .from(sysUser)
    .where(and(sql`coalesce(${sysUser.siteId}, 0) = ${siteId ?? 0}`, sql`lower(${sysUser.email}) = lower(${address})`))
    .limit(10);
  if (users.length === 1) return users[0]!.userId;
  const confirmed = users.filter((user) => user.confirmed);
  return confirmed.length === 1 ? confirmed[0]!.userId : null;
}

const view = (row: typeof sysNotification.$inferSelect): NotificationView => ({
  notificationId: row.notificationId,
  kind: row.kind as NoticeKind,
  event: row.event,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** A customer's notices, newest first, of a kind or unread only when asked. */
export async function myNotices(db: Db, userId: number, query: NotificationQuery) {
  const where = and(
    eq(sysNotification.userId, userId),
    query.kind ? eq(sysNotification.kind, query.kind) : undefined,
    query.unread ? isNull(sysNotification.readAt) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sysNotification)
      .where(where)
      .orderBy(desc(sysNotification.notificationId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysNotification).where(where),
  ]);
  return { rows: rows.map(view), total: totals[0]?.total ?? 0 };
}

/** The bell: how many are unread, and the newest. */
export async function noticeBell(db: Db, userId: number): Promise<NotificationBell> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(sysNotification)
      .where(eq(sysNotification.userId, userId))
      .orderBy(desc(sysNotification.notificationId))
      .limit(NOTICE_BELL_SIZE),
    db
      .select({ total: count() })
      .from(sysNotification)
      .where(and(eq(sysNotification.userId, userId), isNull(sysNotification.readAt))),
  ]);
  return { unread: unread[0]?.total ?? 0, latest: rows.map(view) };
}

/** Marks the customer's notices read: those named (another's are left alone), or every one. */
export async function markNoticesRead(db: Db, userId: number, ids: number[] | undefined, now: Date): Promise<number> {
  const read = await db
    .update(sysNotification)
    .set({ readAt: now })
    .where(
      and(
        eq(sysNotification.userId, userId),
        isNull(sysNotification.readAt),
        ids ? inArray(sysNotification.notificationId, ids.length ? ids : [0]) : undefined,
      ),
    )
    .returning({ notificationId: sysNotification.notificationId });
  return read.length;
}
