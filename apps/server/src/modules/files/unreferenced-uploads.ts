import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysFile } from "../../db/schema.ts";
import { BadRequestError } from "../../http/errors.ts";
import type { MessageKey } from "../../http/messages.ts";

/** An upload nothing refers to is kept this long (a form being filled in may still save it). */
export const UNREFERENCED_UPLOAD_GRACE_MS = 24 * 60 * 60_000;
/** How many one sweep removes; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

const FILE_ID = /\/prod-api\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]{1,5}/g;

/** The ids of the uploads a text (a URL, rich text, a setting) refers to. */
export function uploadIdsIn(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(FILE_ID)].map((m) => m[1]!)))];
}

/**
 * Whether an upload is referred to: by a user's avatar, a notice's content or attachments, a
 * site's logo, a setting, or a ticket's message (its attachments). The one list of the places that keep upload addresses.
 */
const referenced = (fileId: SQL) => sql`(
  exists (select 1 from sys_user u where position(${fileId} in u.avatar) > 0)
  or exists (select 1 from sys_notice n where position(${fileId} in n.content) > 0
                                          or position(${fileId} in n.attachments::text) > 0)
  or exists (select 1 from sys_site s where position(${fileId} in s.logo1) > 0)
  or exists (select 1 from sys_config c where position(${fileId} in c.config_value) > 0)
  or exists (select 1 from biz_ticket_attachment a where a.file_id::text = ${fileId})
)`;

/**
 * Holds the uploads a record is about to refer to until the transaction ends (FOR SHARE): a sweep
 * cannot remove them meanwhile, and one that removed them first makes this refuse (400, `missing`
 * named) rather than save a reference to nothing.
 */
export async function holdUploads(tx: Tx, fileIds: string[], missing: MessageKey): Promise<void> {
  if (fileIds.length === 0) return;
  const held = await tx
    .select({ fileId: sysFile.fileId })
    .from(sysFile)
    .where(inArray(sysFile.fileId, fileIds))
    .for("share");
  if (held.length !== fileIds.length) throw new BadRequestError(missing);
}

/**
 * Removes uploads that nothing has referred to for the grace period. Candidates are locked with
 * SKIP LOCKED (an upload a save is holding is left for the next sweep) and checked again under the
 * lock, by a statement that sees every save committed before it. Answers how many were removed.
 */
export async function sweepUnreferencedUploads(db: Db, now: Date, graceMs = UNREFERENCED_UPLOAD_GRACE_MS) {
  const before = new Date(now.getTime() - graceMs);
  const candidates = await db
    .select({ fileId: sysFile.fileId })
    .from(sysFile)
    .where(sql`${sysFile.createdAt} < ${before} and not ${referenced(sql`${sysFile.fileId}::text`)}`)
    .limit(SWEEP_BATCH);
  if (candidates.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ fileId: sysFile.fileId })
      .from(sysFile)
      .where(
        inArray(
          sysFile.fileId,
          candidates.map((c) => c.fileId),
        ),
      )
      .for("update", { skipLocked: true });
    if (locked.length === 0) return 0;
    const removed = await tx
      .delete(sysFile)
      .where(
        sql`${inArray(
          sysFile.fileId,
          locked.map((l) => l.fileId),
        )} and not ${referenced(sql`${sysFile.fileId}::text`)}`,
      )
      .returning({ fileId: sysFile.fileId });
    return removed.length;
  });
}
