import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/** The value of a named setting; null when there is no such setting. */
export async function configValue(db: Db, configKey: string): Promise<string | null> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, configKey));
  return row ? row.value : null;
}
