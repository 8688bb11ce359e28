import { GlobalOutlined } from "@ant-design/icons";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@rampart/contracts";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { loadLanguage } from "../../shared/i18n/i18n";
import { storeLanguage } from "../../shared/i18n/language-cookie";

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
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language], lang: language })),
        onClick: ({ key }) => void choose(key as Language),
      }}
      trigger={["click"]}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t("auth.language")} className="console-language-menu">
        <span className="console-language-menu__name">{LANGUAGE_NAMES[current]}</span>
      </Button>
    </Dropdown>
  );
}
