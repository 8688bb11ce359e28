import { LANGUAGES, type Language } from "@rampart/contracts";
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type en from "../../locales/en.json";

export type Messages = typeof en;

/** One chunk per language: a visitor downloads only the language they read. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import("../../locales/en.json"),
  "zh-CN": () => import("../../locales/zh-CN.json"),
  "zh-TW": () => import("../../locales/zh-TW.json"),
  id: () => import("../../locales/id.json"),
  vi: () => import("../../locales/vi.json"),
};

const loaded = new Map<Language, Messages>();
const instances = new Map<Language, i18n>();

/** Loads a language's messages once; call before rendering in it (server loader, client start). */
export async function loadLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await loaders[language]()).default);
}

export function isLanguageLoaded(language: Language): boolean {
  return loaded.has(language);
}

/**
 * The i18next instance for a language, shared by every render in that language: it is never
 * switched to another language, so sharing it between concurrent server renders is safe.
 */
export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (instance) return instance;
  const messages = loaded.get(language);
  if (!messages) throw new Error(`messages for ${language} are not loaded (call loadLanguage first)`);
  instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    resources: { [language]: { translation: messages } },
    initAsync: false,
    // React escapes. The provider's figures are the site's: the texts citing them are filled by
    // useFigureTexts (marketing-figures.ts), which leaves out what cites a hidden one.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(language, instance);
  return instance;
}
