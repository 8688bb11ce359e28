import type { HelpArticleLink, HelpSection } from "@rampart/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HelpSearchForm } from "./help-search-form";

function ArticleList({ articles }: { articles: HelpArticleLink[] }) {
  return (
    <ul className="help-list">
      {articles.map((article) => (
        <li key={article.articleId} className="help-list__item">
          <Link to={article.path} className="help-list__title" prefetch="intent">
            {article.title}
          </Link>
          {article.summary && <p className="help-list__summary">{article.summary}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The top of every help page: its title, its promise and the search. */
function HelpHero({ title, lead, query }: { title: string; lead: string; query?: string }) {
  const { t } = useTranslation();
  return (
    <section className="hero hero--page help-hero">
      <div className="container">
        <p className="hero__kicker">{t("help.kicker")}</p>
        <h1 className="hero__title">{title}</h1>
        <p className="hero__lead">{lead}</p>
        <HelpSearchForm query={query} />
      </div>
    </section>
  );
}

/** Still stuck: the way to a ticket (the console's support page, after signing in). */
export function HelpContactBand() {
  const { t } = useTranslation();
  return (
    <section className="section help-contact">
      <div className="container help-contact__inner">
        <div>
          <h2 className="help-contact__title">{t("help.contactTitle")}</h2>
          <p className="help-contact__text">{t("help.contactText")}</p>
        </div>
        <a className="button button--primary" href="/control/support">
          {t("help.openTicket")}
        </a>
      </div>
    </section>
  );
}

/**
 * /help: the site's categories with their articles in the reader's language, and the search; with
 * `?q=`, the articles that match instead.
 */
export function HelpHomePage({
  sections,
  query,
  results,
}: {
  sections: HelpSection[];
  query: string;
  results: HelpArticleLink[] | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <HelpHero title={t("help.title")} lead={t("help.lead")} query={query} />
      <section className="section">
        <div className="container">
          {results !== null ? (
            <>
              <h2 className="section__title">{t("help.resultsFor", { query })}</h2>
              {results.length > 0 ? (
                <ArticleList articles={results} />
              ) : (
                <p className="help-empty">{t("help.noResults")}</p>
              )}
              <p>
                <Link to="/help">{t("help.allArticles")}</Link>
              </p>
            </>
          ) : sections.length === 0 ? (
            <p className="help-empty">{t("help.noArticles")}</p>
          ) : (
            <div className="help-sections">
              {sections.map(({ category, articles }) => (
                <section key={category.slug} className="help-section" aria-labelledby={`help-${category.slug}`}>
                  <h2 id={`help-${category.slug}`} className="help-section__title">
                    <Link to={`/help/${category.slug}`}>{category.name}</Link>
                  </h2>
                  <ArticleList articles={articles} />
                </section>
              ))}
            </div>
          )}
        </div>
      </section>
      <HelpContactBand />
    </>
  );
}

/** /help/<category>: one category's articles. */
export function HelpCategoryPage({ section }: { section: HelpSection }) {
  const { t } = useTranslation();
  return (
    <>
      <HelpHero title={section.category.name} lead={t("help.categoryLead")} />
      <section className="section">
        <div className="container">
          <nav className="help-crumbs" aria-label={t("help.breadcrumbs")}>
            <Link to="/help">{t("help.kicker")}</Link>
            <span aria-hidden="true"> / </span>
            <span>{section.category.name}</span>
          </nav>
          <ArticleList articles={section.articles} />
        </div>
      </section>
      <HelpContactBand />
    </>
  );
}
