import { USAGE_FULL_ACTIONS, type UsageFullAction, usageFullSetting } from "@rampart/contracts";
import { PRODUCT_CODES, type ProductCode } from "@rampart/pricing";
import type { Db, Tx } from "../../db/client.ts";
import type { LocalizedText } from "../../db/schema.ts";
import { configValue } from "../configs/service.ts";

const PRODUCT_WORDS: Record<ProductCode, [string, string, string, string, string]> = {
  cdn: ["CDN", "CDN", "CDN", "CDN", "CDN"],
  ddos: ["DDoS protection", "DDoS 高防", "DDoS 高防", "Perlindungan DDoS", "Chống DDoS"],
  tcp: ["TCP/UDP protection", "TCP/UDP 高防", "TCP/UDP 高防", "Perlindungan TCP/UDP", "Chống DDoS TCP/UDP"],
  waf: ["WAF", "WAF", "WAF", "WAF", "WAF"],
};

/** The settings as seeded on a new installation (the migration adds them to an existing one). */
export const USAGE_SETTING_SEEDS = PRODUCT_CODES.map((product) => {
  const [en, zhCN, zhTW, id, vi] = PRODUCT_WORDS[product];
  const configName: LocalizedText = {
    en: `${en}: at 100 % of the bandwidth (notify, upgrade or throttle)`,
    "zh-CN": `${zhCN}：带宽用量达到 100% 时（notify 仅通知、upgrade 通知并提供升级、throttle 通知并限速）`,
    "zh-TW": `${zhTW}：頻寬用量達到 100% 時（notify 僅通知、upgrade 通知並提供升級、throttle 通知並限速）`,
    id: `${id}: saat bandwidth mencapai 100% (notify, upgrade, atau throttle)`,
    vi: `${vi}: khi băng thông đạt 100% (notify, upgrade hoặc throttle)`,
  };
  return { configKey: usageFullSetting(product), configName, configValue: "notify" };
});

/** What a product's packages do at 100 %: notify only unless the setting says otherwise. */
export async function usageFullAction(db: Db | Tx, product: string): Promise<UsageFullAction> {
  const value = (await configValue(db, usageFullSetting(product)))?.trim() ?? "";
  return (USAGE_FULL_ACTIONS as readonly string[]).includes(value) ? (value as UsageFullAction) : "notify";
}
