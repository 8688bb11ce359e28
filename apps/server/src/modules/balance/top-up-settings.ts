import { TOP_UP_BOUND_PATTERN, TOP_UP_SETTING_KEYS } from "@rampart/contracts";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/** The amounts a customer may top up at once, in minor units of their site's currency (System → Settings). */
export interface TopUpBounds {
  min: number;
  max: number;
}

/** CN¥10.00 to CN¥100,000.00 (or 10.00 to 100,000.00 of the site's currency). */
export const TOP_UP_BOUNDS_DEFAULTS: TopUpBounds = { min: 1_000, max: 10_000_000 };

/** The bounds as saved; a missing or unreadable value is its default, and a minimum above the maximum both. */
export async function topUpBounds(db: Db | Tx): Promise<TopUpBounds> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(TOP_UP_SETTING_KEYS)));
  const read = (name: keyof TopUpBounds) => {
    const value = rows.find((row) => row.key === TOP_UP_SETTING_KEYS[name])?.value.trim() ?? "";
    return TOP_UP_BOUND_PATTERN.test(value) ? Number(value) : TOP_UP_BOUNDS_DEFAULTS[name];
  };
  const bounds = { min: read("min"), max: read("max") };
  return bounds.min <= bounds.max ? bounds : TOP_UP_BOUNDS_DEFAULTS;
}
