import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@rampart/contracts";
import { type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { loadLanguage } from "../../shared/i18n/i18n";
import { LANGUAGE_QUERY, storeLanguage } from "../../shared/i18n/language-cookie";

function GlobeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
      />
    </svg>
  );
}

/**
 * The language menu. Each entry is a plain link (`?lang=vi`) that the server honours without
 * JavaScript; with JavaScript the choice is stored in the `uselang` cookie and the page re-renders
 * in place, without a reload.
 */
export function LanguageSwitch() {
  const { language } = useSiteData();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.current) menu.current.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  const choose = async (event: MouseEvent, next: Language) => {
    event.preventDefault();
    if (menu.current) menu.current.open = false;
    if (next === language) return;
    await loadLanguage(next);
    storeLanguage(next);
    await revalidator.revalidate();
  };

  const hrefFor = (lang: Language) => {
    const params = new URLSearchParams(search);
    params.set(LANGUAGE_QUERY, lang);
    return `${pathname}?${params.toString()}`;
  };

  return (
    <details className="language-switch" ref={menu}>
      <summary className="language-switch__button">
        <span className="visually-hidden">{t("header.chooseLanguage")}: </span>
        <GlobeIcon />
        <span className="language-switch__current">{LANGUAGE_NAMES[language]}</span>
      </summary>
      <ul className="language-switch__menu">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              href={hrefFor(lang)}
              lang={lang}
              hrefLang={lang}
              rel="nofollow"
              aria-current={lang === language ? "true" : undefined}
              onClick={(event) => void choose(event, lang)}
            >
              {LANGUAGE_NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
