import type { ConfigBody, ConfigView } from "@rampart/contracts";
import { asc, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";

/** Settings the product reads by name: changed, never deleted. */
const BUILT_IN = (key: string) => key.startsWith("sys.") || key.startsWith("contact.");

type ConfigRow = typeof sysConfig.$inferSelect;
const view = (row: ConfigRow): ConfigView => ({
  configKey: row.configKey,
  configName: row.configName,
  configValue: row.configValue,
  builtIn: BUILT_IN(row.configKey),
  updateTime: row.updatedAt.toISOString(),
});

export async function listConfigs(db: Db, keyPrefix?: string): Promise<ConfigView[]> {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(keyPrefix ? like(sysConfig.configKey, `${keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
    .orderBy(asc(sysConfig.configKey));
  return rows.map(view);
}

export async function createConfig(db: Db, body: ConfigBody): Promise<ConfigView> {
  const [taken] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, body.configKey));
  if (taken) throw new AppError(409, "dict_taken", { value: body.configKey });
  const [row] = await db.insert(sysConfig).values(body).returning();
  return view(row!);
}

/** A setting's name and value (its key is fixed: the product reads it by name). */
export async function updateConfig(db: Db, configKey: string, body: Omit<ConfigBody, "configKey">) {
  const [before] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, configKey));
  if (!before) throw new NotFoundError("config_not_found", { value: configKey });
  const [after] = await db
    .update(sysConfig)
    .set({ configName: body.configName, configValue: body.configValue, updatedAt: new Date() })
    .where(eq(sysConfig.configKey, configKey))
    .returning();
  return { before: view(before), after: view(after!) };
}

export async function removeConfig(db: Db, configKey: string): Promise<ConfigView> {
  if (BUILT_IN(configKey)) throw new AppError(409, "setting_built_in", { value: configKey });
  const [row] = await db.delete(sysConfig).where(eq(sysConfig.configKey, configKey)).returning();
  if (!row) throw new NotFoundError("config_not_found", { value: configKey });
  return view(row);
}
