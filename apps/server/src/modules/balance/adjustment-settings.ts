import { ADJUST_CONFIRM_PATTERN, ADJUST_CONFIRM_SETTING } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/**
 * Adjustments larger than this wait for a second operator (System → Settings) when the setting is
 * unset or unreadable: CN¥1,000.00 (or 1,000.00 of the balance's currency).
 */
export const ADJUST_CONFIRM_DEFAULT = 100_000;

/** The amount as saved; a missing or unreadable value is the default. */
export async function adjustConfirmAbove(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, ADJUST_CONFIRM_SETTING));
  const value = row?.value.trim() ?? "";
  return ADJUST_CONFIRM_PATTERN.test(value) ? Number(value) : ADJUST_CONFIRM_DEFAULT;
}
