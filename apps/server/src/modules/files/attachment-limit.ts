import { SUPPORT_SETTINGS } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

export const DEFAULT_ATTACHMENT_MAX_MB = 10;
/** The most an attachment may ever be, whatever the setting (the upload route reads no more). */
export const ATTACHMENT_HARD_MAX_MB = 25;

/** The largest support ticket attachment the desk's setting allows now (a missing or unreadable value: the default). */
export async function attachmentMaxMb(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, SUPPORT_SETTINGS.attachmentMaxMb));
  const mb = Number(row?.configValue);
  return Number.isInteger(mb) && mb >= 1 && mb <= ATTACHMENT_HARD_MAX_MB ? mb : DEFAULT_ATTACHMENT_MAX_MB;
}
