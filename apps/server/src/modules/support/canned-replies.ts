import type { CannedReplyBody, CannedReplyView } from "@rampart/contracts";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizCannedReply } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";
import { sanitizeRichText } from "../notices/rich-text.ts";

const view = (row: typeof bizCannedReply.$inferSelect): CannedReplyView => ({
  replyId: row.replyId,
  siteId: row.siteId,
  language: row.language,
  title: row.title,
  body: row.body,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** The canned replies an operator may use: the installation's and their site's (every one, when unbound). */
export async function cannedReplies(db: Db, siteScope: number | null): Promise<CannedReplyView[]> {
  const rows = await db
    .select()
    .from(bizCannedReply)
    .where(siteScope === null ? undefined : or(isNull(bizCannedReply.siteId), eq(bizCannedReply.siteId, siteScope)))
    .orderBy(asc(bizCannedReply.language), asc(bizCannedReply.title));
  return rows.map(view);
}

/** Which replies an operator may change: their site's when bound to one, else the installation's and every site's. */
const mayChange = (siteScope: number | null) => (siteScope === null ? undefined : eq(bizCannedReply.siteId, siteScope));

/** A new canned reply (replyId null; of the operator's site when bound, else the installation's) or a changed one. */
export async function saveCannedReply(
  db: Db,
  siteScope: number | null,
  replyId: number | null,
  body: CannedReplyBody,
  by: string,
  now: Date,
): Promise<CannedReplyView> {
  const values = {
    language: body.language,
    title: body.title.trim(),
    body: await sanitizeRichText(body.body, { images: false }),
    updatedBy: by,
    updatedAt: now,
  };
  if (replyId === null) {
    const [row] = await db
      .insert(bizCannedReply)
      .values({ ...values, siteId: siteScope })
      .returning();
    return view(row!);
  }
  const [row] = await db
    .update(bizCannedReply)
    .set(values)
    .where(and(eq(bizCannedReply.replyId, replyId), mayChange(siteScope)))
    .returning();
  if (!row) throw new NotFoundError("ticket_canned_not_found");
  return view(row);
}

export async function removeCannedReply(db: Db, siteScope: number | null, replyId: number): Promise<void> {
  const removed = await db
    .delete(bizCannedReply)
    .where(and(eq(bizCannedReply.replyId, replyId), mayChange(siteScope)))
    .returning({ replyId: bizCannedReply.replyId });
  if (removed.length === 0) throw new NotFoundError("ticket_canned_not_found");
}
