import { HELP_SUGGESTIONS, type HelpArticleLink } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../../shared/request/request-client";
import "./help-suggestions.css";

/** How long typing pauses before the help centre is searched. */
const PAUSE_MS = 350;

/**
 * The help centre's articles that match a new ticket's subject as it is typed (the site's, in the
 * customer's language): one of them may answer the question before it is sent.
 */
export function HelpSuggestions({ subject }: { subject: string | undefined }) {
  const { t } = useTranslation();
  const [articles, setArticles] = useState<HelpArticleLink[]>([]);
  const words = (subject ?? "").trim();
  useEffect(() => {
    if (words.length < 3) {
      setArticles([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      request<{ data: HelpArticleLink[] }>({
        url: "/help/search",
        params: { q: words, limit: HELP_SUGGESTIONS },
        withToken: false,
        quiet: true,
        quietCodes: [400, 429],
        background: true,
      }).then(
        ({ data }) => live && setArticles(data ?? []),
        () => live && setArticles([]),
      );
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [words]);
  if (articles.length === 0) return null;
  return (
    <aside className="help-suggestions" aria-live="polite" aria-label={t("help.suggestions.title")}>
      <p className="help-suggestions__title">{t("help.suggestions.title")}</p>
      <ul className="help-suggestions__list">
        {articles.map((article) => (
          <li key={article.articleId}>
            <a href={article.path} target="_blank" rel="noreferrer">
              {article.title}
            </a>
            {article.summary && <span className="help-suggestions__summary"> — {article.summary}</span>}
          </li>
        ))}
      </ul>
    </aside>
  );
}
