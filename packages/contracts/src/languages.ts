/** The interface languages, as BCP 47 tags; these are also the values of the `uselang` cookie. */
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "id", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "uselang";

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  id: "Bahasa Indonesia",
  vi: "Tiếng Việt",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps one language tag (from a cookie, Accept-Language or navigator.languages) to an interface
 * language: zh-CN and zh-SG (and zh-Hans) read Simplified Chinese; zh-TW, zh-HK, zh-MO (and
 * zh-Hant) read Traditional Chinese; a bare "zh" reads Simplified; id and vi by their primary tag.
 * Unknown tags give undefined so that the caller can try the next preference.
 */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/_/g, "-").toLowerCase().split("-");
  const primary = parts[0];
  const rest = parts.slice(1);
  switch (primary) {
    case "en":
      return "en";
    case "id":
    case "in": // the legacy code some Android browsers still send for Indonesian
      return "id";
    case "vi":
      return "vi";
    case "zh":
      if (rest.includes("hant") || rest.some((p) => p === "tw" || p === "hk" || p === "mo")) return "zh-TW";
      return "zh-CN";
    default:
      return undefined;
  }
}

/**
 * The language rule of the product: the `uselang` cookie wins; otherwise the first of the
 * browser's preferred languages that we speak; otherwise English.
 */
export function resolveLanguage(cookieValue: string | null | undefined, preferred: readonly string[]): Language {
  const fromCookie = languageFromTag(cookieValue);
  if (fromCookie) return fromCookie;
  for (const tag of preferred) {
    const lang = languageFromTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
