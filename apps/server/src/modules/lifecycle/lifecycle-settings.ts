import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

/** The periods of a service's life after the sale (System → Settings, `sys.lifecycle.*`). */
export interface LifecycleSettings {
  /** Reminders this many days before expiry, largest first. */
  reminderDays: number[];
  /** The renewal order is created this many days before expiry. */
  renewalDays: number;
  /** Days after expiry a service is still served (grace) before it is suspended. */
  graceDays: number;
  /** Days a service stays suspended before it is terminated. */
  terminateDays: number;
  /** Minutes the provider's platform has to confirm a new service before its operators are told. */
  provisioningMinutes: number;
}

export const LIFECYCLE_DEFAULTS: LifecycleSettings = {
  reminderDays: [30, 7, 1],
  renewalDays: 7,
  graceDays: 3,
  terminateDays: 30,
  provisioningMinutes: 30,
};

const KEYS = {
  reminderDays: "sys.lifecycle.reminderDays",
  renewalDays: "sys.lifecycle.renewalDays",
  graceDays: "sys.lifecycle.graceDays",
  terminateDays: "sys.lifecycle.terminateDays",
  provisioningMinutes: "sys.lifecycle.provisioningMinutes",
} as const;

/** The settings as saved (checked when saved; a missing one is its default). */
export async function lifecycleSettings(db: Db): Promise<LifecycleSettings> {
  const rows = await db
    .select({ key: sysConfig.configKey, value: sysConfig.configValue })
    .from(sysConfig)
    .where(inArray(sysConfig.configKey, Object.values(KEYS)));
  const value = new Map(rows.map((row) => [row.key, row.value.trim()]));
  const days = (key: string, fallback: number) => {
    const n = Number(value.get(key));
    return Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  const reminders = (value.get(KEYS.reminderDays) ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    reminderDays: [...new Set(reminders.length ? reminders : LIFECYCLE_DEFAULTS.reminderDays)].sort((a, b) => b - a),
    renewalDays: days(KEYS.renewalDays, LIFECYCLE_DEFAULTS.renewalDays),
    graceDays: days(KEYS.graceDays, LIFECYCLE_DEFAULTS.graceDays),
    terminateDays: days(KEYS.terminateDays, LIFECYCLE_DEFAULTS.terminateDays),
    provisioningMinutes: days(KEYS.provisioningMinutes, LIFECYCLE_DEFAULTS.provisioningMinutes) || 30,
  };
}
