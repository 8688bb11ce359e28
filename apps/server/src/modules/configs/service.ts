import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/** The value of a named setting; null when there is no such setting. */
export async function configValue(db: Db | Tx, configKey: string): Promise<string | null> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, configKey));
  return row ? row.value : null;
}

/** A setting that is a count (a limit per customer): a whole number ≥ 0, else the default. */
export async function countSetting(db: Db | Tx, configKey: string, fallback: number): Promise<number> {
  const n = Number((await configValue(db, configKey))?.trim() ?? Number.NaN);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}
