import type { NoticeBody, NoticeListQuery, NoticeView } from "@rampart/contracts";
import { and, count, desc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysFile, sysNotice, sysSite } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { BadRequestError, NotFoundError } from "../../http/errors.ts";
import { fieldLabel } from "../../http/field-labels.ts";
import { holdUploads, uploadIdsIn } from "../files/unreferenced-uploads.ts";
import { plainText, sanitizeRichText } from "./rich-text.ts";

type NoticeRow = typeof sysNotice.$inferSelect;

const view = (row: NoticeRow, siteName: string | null): NoticeView => ({
  noticeId: row.noticeId,
  title: row.title,
  noticeType: row.noticeType,
  content: row.content,
  attachments: row.attachments,
  siteId: row.siteId,
  siteName,
  status: row.status,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** A site-bound operator's notices are their site's; everyone else's may be any site's or all. */
const scopeOf = (siteScope: number | null): SQL | undefined =>
  siteScope === null ? undefined : eq(sysNotice.siteId, siteScope);

/** System → Notices: newest first, searched by title, type and status. */
export async function listNotices(db: Db, query: NoticeListQuery, actor: Actor) {
  const title = query.title?.trim();
  const where = and(
    scopeOf(actor.siteScope),
    title ? ilike(sysNotice.title, likeAnywhere(title)) : undefined,
    query.noticeType ? eq(sysNotice.noticeType, query.noticeType) : undefined,
    query.status ? eq(sysNotice.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: sysNotice, siteName: sysSite.company })
      .from(sysNotice)
      .leftJoin(sysSite, eq(sysSite.siteId, sysNotice.siteId))
      .where(where)
      .orderBy(desc(sysNotice.updatedAt), desc(sysNotice.noticeId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(sysNotice).where(where),
  ]);
  return { rows: rows.map((r) => view(r.notice, r.siteName)), total: Number(total?.n ?? 0) };
}

/**
 * A notice's title trimmed and its content sanitised, or the reason it is refused: before any
 * transaction opens (the sanitiser is loaded on its first use, and PGlite runs one thing at a time).
 */
async function checkedText(body: NoticeBody): Promise<{ title: string; content: string }> {
  const title = body.title.trim();
  if (!title) throw new BadRequestError("field_required", { field: fieldLabel("title") });
  const content = await sanitizeRichText(body.content);
  if (!(await plainText(content)) && !content.includes("<img")) throw new BadRequestError("notice_empty");
  return { title, content };
}

/** A notice's fields as stored: its checked text, and attachments we hold. */
async function prepared(
  db: Tx,
  body: NoticeBody,
  { title, content }: { title: string; content: string },
  actor: Actor,
) {
  // A site-bound operator writes for their own site only.
  const siteId = actor.siteScope ?? body.siteId;
  if (siteId !== null) {
    const [site] = await db.select({ siteId: sysSite.siteId }).from(sysSite).where(eq(sysSite.siteId, siteId));
    if (!site) throw new NotFoundError("site_not_found", { value: String(siteId) });
  }
  // The uploads it refers to are held until the notice is saved (the sweep of unreferenced uploads
  // cannot take them meanwhile): attachments are named when missing, pictures in the text too.
  for (const attachment of body.attachments) {
    const [fileId] = uploadIdsIn(attachment.url);
    const [file] = fileId
      ? await db.select({ fileId: sysFile.fileId }).from(sysFile).where(eq(sysFile.fileId, fileId)).for("share")
      : [];
    if (!file) throw new BadRequestError("notice_attachment_missing", { value: attachment.name.slice(0, 80) });
  }
  await holdUploads(db, uploadIdsIn(content), "notice_image_missing");
  return {
    title,
    noticeType: body.noticeType,
    content,
    attachments: body.attachments.map((a) => ({ name: a.name.trim().slice(0, 255), url: a.url })),
    siteId,
    status: body.status,
  };
}

async function withSiteName(db: Db, row: NoticeRow): Promise<NoticeView> {
  if (row.siteId === null) return view(row, null);
  const [site] = await db.select({ company: sysSite.company }).from(sysSite).where(eq(sysSite.siteId, row.siteId));
  return view(row, site?.company ?? null);
}

export async function createNotice(db: Db, body: NoticeBody, actor: Actor & { userName: string }, now: Date) {
  const text = await checkedText(body);
  const row = await db.transaction(async (tx) => {
    const values = await prepared(tx, body, text, actor);
    const [inserted] = await tx
      .insert(sysNotice)
      .values({
        ...values,
        createdBy: actor.userName,
        publishedAt: values.status === "published" ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return withSiteName(db, row);
}

async function ownNotice(db: Db, noticeId: number, actor: Actor): Promise<NoticeRow> {
  const [row] = await db
    .select()
    .from(sysNotice)
    .where(and(eq(sysNotice.noticeId, noticeId), scopeOf(actor.siteScope)));
  if (!row) throw new NotFoundError("notice_not_found", { value: String(noticeId) });
  return row;
}

export async function updateNotice(db: Db, noticeId: number, body: NoticeBody, actor: Actor, now: Date) {
  const before = await ownNotice(db, noticeId, actor);
  const text = await checkedText(body);
  const row = await db.transaction(async (tx) => {
    const values = await prepared(tx, body, text, actor);
    const publishedAt = values.status === "published" ? (before.publishedAt ?? now) : null;
    const [updated] = await tx
      .update(sysNotice)
      .set({ ...values, publishedAt, updatedAt: now })
      .where(eq(sysNotice.noticeId, noticeId))
      .returning();
    return updated!;
  });
  return { before: await withSiteName(db, before), after: await withSiteName(db, row) };
}

export async function removeNotice(db: Db, noticeId: number, actor: Actor) {
  const row = await ownNotice(db, noticeId, actor);
  await db.delete(sysNotice).where(eq(sysNotice.noticeId, noticeId));
  return withSiteName(db, row);
}

/** The published notices a signed-in user of a site reads: that site's and every site's, newest first. */
export async function publishedNotices(db: Db, siteId: number | null, limit = 10): Promise<NoticeView[]> {
  const rows = await db
    .select()
    .from(sysNotice)
    .where(
      and(
        eq(sysNotice.status, "published"),
        siteId === null ? isNull(sysNotice.siteId) : or(isNull(sysNotice.siteId), eq(sysNotice.siteId, siteId)),
      ),
    )
    .orderBy(desc(sysNotice.publishedAt), desc(sysNotice.noticeId))
    .limit(limit);
  return rows.map((row) => view(row, null));
}
