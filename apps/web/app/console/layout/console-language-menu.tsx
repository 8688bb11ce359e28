import { GlobalOutlined } from "@ant-design/icons";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@rampart/contracts";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { loadLanguage } from "../../shared/i18n/i18n";
import { storeLanguage } from "../../shared/i18n/language-cookie";
import { MenuButton } from "../controls/menu-button";

/**
 * The language switch of the login pages and the console: remembers the choice in `uselang` and
 * re-renders in place (the root data is loaded again; no full reload).
 */
export function ConsoleLanguageMenu({ current }: { current: Language }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const choose = async (language: Language) => {
    if (language === current) return;
    await loadLanguage(language);
    storeLanguage(language);
    await revalidator.revalidate();
  };
  return (
    <MenuButton
      label={t("auth.language")}
      className="console-icon-button console-language-menu"
      selected={current}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: LANGUAGE_NAMES[language],
        lang: language,
        onSelect: () => void choose(language),
      }))}
    >
      <GlobalOutlined />
      <span className="console-language-menu__name">{LANGUAGE_NAMES[current]}</span>
    </MenuButton>
  );
}
