import { SUPPORT_SETTINGS } from "@rampart/contracts";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";
import { ATTACHMENT_HARD_MAX_MB } from "../files/attachment-limit.ts";

export interface SupportSettings {
  /** How long after closing a customer may reopen a ticket (0: never). */
  reopenDays: number;
  attachmentMaxMb: number;
  attachmentsPerMessage: number;
}

const DEFAULTS: SupportSettings = { reopenDays: 14, attachmentMaxMb: 10, attachmentsPerMessage: 5 };

/** The settings as they are now (a missing or unreadable value: its default). */
export async function supportSettings(db: Db | Tx): Promise<SupportSettings> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(SUPPORT_SETTINGS)));
  const read = (name: keyof SupportSettings, max: number) => {
    const value = Number(rows.find((row) => row.key === SUPPORT_SETTINGS[name])?.value);
    return Number.isInteger(value) && value >= 0 && value <= max ? value : DEFAULTS[name];
  };
  return {
    reopenDays: read("reopenDays", 365),
    attachmentMaxMb: Math.max(1, read("attachmentMaxMb", ATTACHMENT_HARD_MAX_MB)),
    attachmentsPerMessage: read("attachmentsPerMessage", 20),
  };
}
