import { useTranslation } from "react-i18next";

/** The help centre's search: a plain GET form to /help, so it works before and without scripts. */
export function HelpSearchForm({ query = "" }: { query?: string }) {
  const { t } = useTranslation();
  return (
    <search>
      <form className="help-search" method="get" action="/help">
        <label className="visually-hidden" htmlFor="help-q">
          {t("help.searchLabel")}
        </label>
        <input
          id="help-q"
          className="help-search__input"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={100}
          placeholder={t("help.searchPlaceholder")}
          autoComplete="off"
        />
        <button className="button button--primary help-search__button" type="submit">
          {t("help.searchButton")}
        </button>
      </form>
    </search>
  );
}
