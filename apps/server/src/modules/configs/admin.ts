import {
  ADJUST_CONFIRM_PATTERN,
  ADJUST_CONFIRM_SETTING,
  CNAME_PATTERN,
  CNAME_PATTERN_SETTINGS,
  type ConfigBody,
  type ConfigView,
  DOMAIN_PRODUCTS,
  purgeQuotaSetting,
  SUPPORT_SETTINGS,
  TOP_UP_BOUND_PATTERN,
  TOP_UP_SETTING_KEYS,
  USAGE_FULL_ACTIONS,
  usageFullSetting,
} from "@rampart/contracts";
import { PRODUCT_CODES } from "@rampart/pricing";
import { asc, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePrefix } from "../../db/like-pattern.ts";
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
    .where(keyPrefix ? like(sysConfig.configKey, likePrefix(keyPrefix)) : undefined)
    .orderBy(asc(sysConfig.configKey));
  return rows.map(view);
}

export async function createConfig(db: Db, body: ConfigBody): Promise<ConfigView> {
  assertValue(body.configKey, body.configValue);
  const [taken] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, body.configKey));
  if (taken) throw new AppError(409, "dict_taken", { value: body.configKey });
  const [row] = await db.insert(sysConfig).values(body).returning();
  return view(row!);
}

/** The values the product's own settings accept (anything else would be read as the default). */
const VALUE_RULES = new Map<string, (value: string) => boolean>([
  ["sys.account.registerUser", (value) => value === "true" || value === "false"],
  ["sys.account.emailVerification", (value) => value === "true" || value === "false"],
  ["sys.upload.quotaMb", (value) => /^[1-9]\d{0,5}$/.test(value)],
  ["sys.monitor.maxPerCustomer", (value) => /^(0|[1-9]\d{0,3})$/.test(value)],
  ["sys.certificate.maxPerCustomer", (value) => /^(0|[1-9]\d{0,3})$/.test(value)],
  // Host-name characters with one {hash}: each domain's CNAME target.
  ...Object.values(CNAME_PATTERN_SETTINGS).map(
    (key) => [key, (value: string) => CNAME_PATTERN.test(value.toLowerCase())] as [string, (value: string) => boolean],
  ),
  // Days before expiry, each 1-365, at most five, e.g. "30,7,1".
  ["sys.lifecycle.reminderDays", (value) => /^([1-9]\d{0,2})(\s*,\s*[1-9]\d{0,2}){0,4}$/.test(value)],
  ["sys.lifecycle.renewalDays", (value) => /^(0|[1-9]\d?)$/.test(value)],
  ["sys.lifecycle.graceDays", (value) => /^(0|[1-9]\d?)$/.test(value)],
  ["sys.lifecycle.terminateDays", (value) => /^([1-9]\d{0,2})$/.test(value)],
  // Minutes, 1-1440.
  ["sys.lifecycle.provisioningMinutes", (value) => /^([1-9]\d{0,2}|1[0-3]\d\d|14[0-3]\d|1440)$/.test(value)],
  // What a product's packages do at 100 % of their bandwidth: notify, upgrade or throttle.
  ...PRODUCT_CODES.map(
    (product) =>
      [usageFullSetting(product), (value: string) => (USAGE_FULL_ACTIONS as readonly string[]).includes(value)] as [
        string,
        (value: string) => boolean,
      ],
  ),
  // Purge and prefetch entries per package a day, per domain product: 0-1,000,000.
  ...DOMAIN_PRODUCTS.map(
    (product) =>
      [purgeQuotaSetting(product), (value: string) => /^(0|[1-9]\d{0,5}|1000000)$/.test(value)] as [
        string,
        (value: string) => boolean,
      ],
  ),
  // How long the platform's figures are kept: 5-minute buckets 32-400 days (a whole month's 95th
  // percentile is taken from them before they go), hours 1-120 months, days 1-50 years.
  ["sys.usage.keep5mDays", (value) => /^\d{2,3}$/.test(value) && Number(value) >= 32 && Number(value) <= 400],
  ["sys.usage.keepHourlyMonths", (value) => /^[1-9]\d{0,2}$/.test(value) && Number(value) <= 120],
  ["sys.usage.keepDailyYears", (value) => /^([1-9]|[1-4]\d|50)$/.test(value)],
  // The least and most a customer may top up at once: whole minor units of the site's currency.
  [TOP_UP_SETTING_KEYS.min, (value) => TOP_UP_BOUND_PATTERN.test(value)],
  [TOP_UP_SETTING_KEYS.max, (value) => TOP_UP_BOUND_PATTERN.test(value)],
  // Adjustments above this wait for a second operator: whole minor units, 0 for every one.
  [ADJUST_CONFIRM_SETTING, (value) => ADJUST_CONFIRM_PATTERN.test(value)],
  // The support desk: reopen within 0-365 days; attachments of 1-25 MB, 0-20 to a message.
  [SUPPORT_SETTINGS.reopenDays, (value) => /^\d{1,3}$/.test(value) && Number(value) <= 365],
  [SUPPORT_SETTINGS.attachmentMaxMb, (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 25],
  [SUPPORT_SETTINGS.attachmentsPerMessage, (value) => /^\d{1,2}$/.test(value) && Number(value) <= 20],
]);

function assertValue(configKey: string, configValue: string): void {
  // A Map, not an object: a key such as `__proto__` must find no rule.
  const rule = VALUE_RULES.get(configKey);
  if (rule && !rule(configValue.trim())) throw new AppError(400, "setting_value_invalid", { value: configKey });
}

/** A setting's name and value (its key is fixed: the product reads it by name). */
export async function updateConfig(db: Db, configKey: string, body: Omit<ConfigBody, "configKey">, now: Date) {
  assertValue(configKey, body.configValue);
  const [before] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, configKey));
  if (!before) throw new NotFoundError("config_not_found", { value: configKey });
  const [after] = await db
    .update(sysConfig)
    .set({ configName: body.configName, configValue: body.configValue, updatedAt: now })
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
