import { DEFAULT_ROLE } from "@rampart/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig, sysFile, sysUser } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

/** The setting that bounds what one customer may store, in MB (checked when saved). */
export const UPLOAD_QUOTA_SETTING = "sys.upload.quotaMb";
export const DEFAULT_UPLOAD_QUOTA_MB = 50;
const MB = 1024 * 1024;

/** The quota in MB as the setting says (a missing or unreadable value: the default). */
export async function uploadQuotaMb(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, UPLOAD_QUOTA_SETTING));
  const mb = Number(row?.configValue);
  return Number.isInteger(mb) && mb > 0 ? mb : DEFAULT_UPLOAD_QUOTA_MB;
}

/**
 * Refuses an upload that would take a customer over their storage quota (413 upload_quota, with
 * what is used and allowed). Called in the transaction that stores the file, after the user's row
 * is locked: parallel uploads of one account are counted one after the other, so none overshoots.
 * Operators (who hold a role) are not bounded: they write the notices and their attachments.
 */
export async function assertWithinQuota(
  tx: Tx,
  uploader: { userId: number; roles: readonly string[] },
  size: number,
): Promise<void> {
  if (!uploader.roles.every((role) => role === DEFAULT_ROLE)) return;
  await tx.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userId, uploader.userId)).for("update");
  const [{ used } = { used: 0 }] = await tx
    .select({ used: sql<number>`coalesce(sum(${sysFile.size}), 0)::bigint`.mapWith(Number) })
    .from(sysFile)
    .where(eq(sysFile.ownerId, uploader.userId));
  const allowed = (await uploadQuotaMb(tx)) * MB;
  if (used + size > allowed) {
    const inMb = (bytes: number) => (Math.ceil((bytes / MB) * 10) / 10).toFixed(1);
    throw new AppError(413, "upload_quota", { used: inMb(used), limit: String(allowed / MB) });
  }
}
