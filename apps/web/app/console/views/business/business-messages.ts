import type { Language } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type en from "../../../locales/business/en.json";
import { i18nFor } from "../../../shared/i18n/i18n";

type Messages = typeof en;

/** The business views' texts, one chunk per language, loaded with the first such view. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import("../../../locales/business/en.json"),
  "zh-CN": () => import("../../../locales/business/zh-CN.json"),
  "zh-TW": () => import("../../../locales/business/zh-TW.json"),
  id: () => import("../../../locales/business/id.json"),
  vi: () => import("../../../locales/business/vi.json"),
};

const added = new Map<Language, Promise<void>>();

function addBusinessMessages(language: Language): Promise<void> {
  let adding = added.get(language);
  if (!adding) {
    adding = loaders[language]().then(({ default: messages }) => {
      i18nFor(language).addResourceBundle(language, "translation", messages, true, false);
    });
    added.set(language, adding);
  }
  return adding;
}

/** Whether the business texts of the current language are in (they load on first use). */
export function useBusinessMessages(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const [ready, setReady] = useState(() => i18n.exists("orders.columns.orderNo"));
  useEffect(() => {
    let live = true;
    if (i18n.exists("orders.columns.orderNo")) setReady(true);
    else {
      setReady(false);
      void addBusinessMessages(language).then(() => live && setReady(true));
    }
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return ready;
}
