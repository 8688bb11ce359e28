import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/** How long the platform's figures are kept, per granularity (System → Settings, `sys.usage.*`). */
export interface UsageRetention {
  /** 5-minute buckets, days (the month's 95th percentile is kept before they go). */
  keep5mDays: number;
  /** Hours, months. */
  keepHourlyMonths: number;
  /** Days, years. */
  keepDailyYears: number;
}

export const USAGE_RETENTION_DEFAULTS: UsageRetention = { keep5mDays: 35, keepHourlyMonths: 13, keepDailyYears: 5 };

export const USAGE_SETTING_KEYS = {
  keep5mDays: "sys.usage.keep5mDays",
  keepHourlyMonths: "sys.usage.keepHourlyMonths",
  keepDailyYears: "sys.usage.keepDailyYears",
} as const;

/** The retention as saved (a missing or unreadable value is its default). */
export async function usageRetention(db: Db | Tx): Promise<UsageRetention> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(USAGE_SETTING_KEYS)));
  const saved = new Map(rows.map((row) => [row.key, Number(row.value.trim())]));
  const read = (name: keyof UsageRetention) => {
    const n = saved.get(USAGE_SETTING_KEYS[name]);
    return n !== undefined && Number.isInteger(n) && n > 0 ? n : USAGE_RETENTION_DEFAULTS[name];
  };
  return {
    keep5mDays: Math.max(32, read("keep5mDays")),
    keepHourlyMonths: read("keepHourlyMonths"),
    keepDailyYears: read("keepDailyYears"),
  };
}
