import type { HelpArticleLink, HelpArticlePage } from "@rampart/contracts";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { HelpContactBand } from "./help-home-page";

export interface HelpfulResult {
  ok: boolean;
  message: string;
}

/**
 * "Was this helpful?": a form posted to the article's own address (it works without scripts; with
 * them, the page stays where it is and says thank you).
 */
function Helpful({ articleId, result }: { articleId: number; result: HelpfulResult | undefined }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<HelpfulResult>();
  // Posted with scripts: the fetcher's answer; without them, the page drawn after the post's.
  const answered = fetcher.data ?? result;
  return (
    <div className="help-helpful" aria-live="polite">
      {answered ? (
        <p className={answered.ok ? "help-helpful__thanks" : "help-helpful__error"}>{answered.message}</p>
      ) : (
        <fetcher.Form method="post" className="help-helpful__form">
          <input type="hidden" name="articleId" value={articleId} />
          <span className="help-helpful__question">{t("help.helpful")}</span>
          <button className="button" type="submit" name="helpful" value="yes" disabled={fetcher.state !== "idle"}>
            {t("help.yes")}
          </button>
          <button className="button" type="submit" name="helpful" value="no" disabled={fetcher.state !== "idle"}>
            {t("help.no")}
          </button>
        </fetcher.Form>
      )}
    </div>
  );
}

/** /help/<category>/<slug>: one article, its category's others beside it, and "was this helpful?". */
export function HelpArticleView({
  article,
  related,
  updated,
  result,
}: {
  article: HelpArticlePage;
  related: HelpArticleLink[];
  updated: string;
  /** "Was this helpful?" answered without scripts. */
  result?: HelpfulResult;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="section help-article">
        <div className="container help-article__grid">
          <article className="help-article__main">
            <nav className="help-crumbs" aria-label={t("help.breadcrumbs")}>
              <Link to="/help">{t("help.kicker")}</Link>
              <span aria-hidden="true"> / </span>
              <Link to={`/help/${article.category}`}>{article.categoryName}</Link>
            </nav>
            <h1 className="help-article__title">{article.title}</h1>
            <p className="help-article__updated">{t("help.updated", { date: updated })}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when it was saved (sanitize-html, modules/notices/rich-text.ts) */}
            <div className="help-prose" dangerouslySetInnerHTML={{ __html: article.body }} />
            <Helpful articleId={article.articleId} result={result} />
          </article>
          {related.length > 0 && (
            <aside className="help-article__aside" aria-labelledby="help-related">
              <h2 id="help-related" className="help-article__aside-title">
                {t("help.related", { category: article.categoryName })}
              </h2>
              <ul className="help-related">
                {related.map((link) => (
                  <li key={link.articleId}>
                    <Link to={link.path} prefetch="intent">
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </aside>
          )}
        </div>
      </section>
      <HelpContactBand />
    </>
  );
}
