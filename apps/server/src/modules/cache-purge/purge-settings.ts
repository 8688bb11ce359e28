import { DOMAIN_PRODUCTS, purgeQuotaSetting } from "@rampart/contracts";
import type { Db, Tx } from "../../db/client.ts";
import type { LocalizedText } from "../../db/schema.ts";
import { countSetting } from "../configs/service.ts";

export const PURGE_QUOTA_DEFAULT = 1000;

const PRODUCT_WORDS: Record<(typeof DOMAIN_PRODUCTS)[number], [string, string, string, string, string]> = {
  cdn: ["CDN", "CDN", "CDN", "CDN", "CDN"],
  ddos: ["DDoS protection", "DDoS 高防", "DDoS 高防", "Perlindungan DDoS", "Chống DDoS"],
  waf: ["WAF", "WAF", "WAF", "WAF", "WAF"],
};

/** The settings as seeded on a new installation (the migration adds them to an existing one). */
export const PURGE_SETTING_SEEDS = DOMAIN_PRODUCTS.map((product) => {
  const [en, zhCN, zhTW, id, vi] = PRODUCT_WORDS[product];
  const configName: LocalizedText = {
    en: `${en}: cache purge and prefetch entries per package per day`,
    "zh-CN": `${zhCN}：每个套餐每日缓存刷新与预热条数`,
    "zh-TW": `${zhTW}：每個方案每日快取清除與預熱筆數`,
    id: `${id}: entri pembersihan dan prefetch cache per paket per hari`,
    vi: `${vi}: số mục xóa và làm nóng bộ nhớ đệm mỗi gói mỗi ngày`,
  };
  return { configKey: purgeQuotaSetting(product), configName, configValue: String(PURGE_QUOTA_DEFAULT) };
});

/** Entries (URLs, directories, domains) a package may purge or prefetch a day. */
export const purgeQuota = (db: Db | Tx, product: string) =>
  countSetting(db, purgeQuotaSetting(product), PURGE_QUOTA_DEFAULT);
