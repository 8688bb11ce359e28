import { data } from "react-router";
import { publicPageMeta } from "../shared/branding/page-title";
import { i18nFor, loadLanguage } from "../shared/i18n/i18n";
import { type PageCacheHandle, requestContext } from "../shared/request-context";
import { HelpArticleView, type HelpfulResult } from "../site/help/help-article-page";
import type { Route } from "./+types/help-article";

/** /help/<category>/<slug>: the article in the reader's language, and its category's others. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { help, language } = context.get(requestContext);
  const [article, sections] = help
    ? await Promise.all([help.article(params.category, params.slug), help.sections()])
    : [null, []];
  if (!article) throw data(null, { status: 404 });
  const related =
    sections
      .find((section) => section.category.slug === article.category)
      ?.articles.filter((link) => link.articleId !== article.articleId) ?? [];
  const updated = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(article.updatedAt),
  );
  return { article, related, updated };
}

/** "Was this helpful?" posted (with or without scripts): counted once per reader, thanked. */
export async function action({ request, context }: Route.ActionArgs): Promise<ReturnType<typeof data<HelpfulResult>>> {
  const { help, language } = context.get(requestContext);
  const form = await request.formData();
  const articleId = Number(form.get("articleId"));
  const helpful = form.get("helpful");
  await loadLanguage(language);
  const { t } = i18nFor(language);
  if (!Number.isSafeInteger(articleId) || articleId <= 0 || (helpful !== "yes" && helpful !== "no")) {
    return data({ ok: false, message: t("help.feedbackInvalid") }, { status: 400 });
  }
  if (!help) return data({ ok: false, message: t("apply.networkError") }, { status: 503 });
  const rated = await help.rate(articleId, helpful === "yes");
  if (!rated) return data({ ok: false, message: t("help.feedbackInvalid") }, { status: 404 });
  return data({ ok: true, message: t("help.thanks") });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  const { article } = loaderData;
  return [
    ...publicPageMeta(root, location.pathname, article.title, article.summary || undefined, article.languages).map(
      (tag) => ("property" in tag && tag.property === "og:type" ? { property: "og:type", content: "article" } : tag),
    ),
  ];
};

/** Kept like every public page; an answered "was this helpful?" is a POST, never kept. */
export const handle: PageCacheHandle = { pageCache: true };

export default function HelpArticleRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <HelpArticleView
      article={loaderData.article}
      related={loaderData.related}
      updated={loaderData.updated}
      {...(actionData ? { result: actionData } : {})}
    />
  );
}
