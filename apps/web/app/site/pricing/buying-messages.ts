import type { Language } from "@rampart/contracts";
import type { i18n } from "i18next";
import type { MetaDescriptor } from "react-router";
import type en from "../../locales/buying/en.json";
import { pageMeta, type RootData } from "../../shared/branding/page-title";
import { i18nFor } from "../../shared/i18n/i18n";

/** The texts of the price, order, payment-result and upgrade pages (pricing.*, order.*, …). */
export type BuyingMessages = typeof en;

/**
 * The language's i18next instance with the buying pages' texts added (once; adding again changes
 * nothing), for the route modules' meta and components.
 */
export function withBuyingMessages(language: Language, messages: BuyingMessages): i18n {
  const instance = i18nFor(language);
  if (!instance.exists("pricing.kicker")) instance.addResourceBundle(language, "translation", messages, true, false);
  return instance;
}

/** pageMeta for a buying page: its texts are added first. */
export function buyingPageMeta(
  rootData: RootData | undefined,
  messages: BuyingMessages | undefined,
  titleKey: string,
  descriptionKey?: string,
): MetaDescriptor[] {
  if (rootData && messages) withBuyingMessages(rootData.language, messages);
  return pageMeta(rootData, titleKey, descriptionKey);
}
