import {
  type HelpArticleLink,
  type HelpArticlePage,
  type HelpCategoryView,
  type HelpPath,
  type HelpSection,
  LANGUAGES,
  type Language,
} from "@rampart/contracts";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizHelpArticle, bizHelpCategory, bizHelpFeedback } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { searchQuery } from "./help-search-text.ts";

/**
 * The help centre as a site's visitors read it: the published articles of the site in one
 * language, each the site's own or else the installation's (which a site's article of the same
 * category, slug and language replaces, or hides).
 */

type CategoryRow = typeof bizHelpCategory.$inferSelect;

export const categoryName = (row: { name: Record<string, string> }, language: Language) =>
  row.name[language]?.trim() || row.name.en || "";

export const categoryView = (row: CategoryRow, language: Language): HelpCategoryView => ({
  categoryId: row.categoryId,
  slug: row.slug,
  name: categoryName(row, language),
  names: row.name,
  sort: row.sort,
});

export const articlePath = (category: string, slug: string) => `/help/${category}/${slug}`;

/**
 * The articles a site shows: published, the site's own or the installation's that the site has
 * not replaced nor hidden. A visitor of no site (none could be loaded) reads the installation's.
 */
export function visibleOn(siteId: number | null): SQL {
  const published = eq(bizHelpArticle.status, "published");
  if (siteId === null) return and(published, isNull(bizHelpArticle.siteId))!;
  return and(
    published,
    sql`(${bizHelpArticle.siteId} = ${siteId} or (${bizHelpArticle.siteId} is null and not exists (
      select 1 from ${bizHelpArticle} own
      where own.site_id = ${siteId} and own.category_id = ${bizHelpArticle.categoryId}
        and own.language = ${bizHelpArticle.language} and own.slug = ${bizHelpArticle.slug}
        and own.status in ('published', 'hidden'))))`,
  )!;
}

const linkColumns = {
  articleId: bizHelpArticle.articleId,
  category: bizHelpCategory.slug,
  slug: bizHelpArticle.slug,
  title: bizHelpArticle.title,
  summary: bizHelpArticle.summary,
};
type LinkRow = { articleId: number; category: string; slug: string; title: string; summary: string };
const link = (row: LinkRow): HelpArticleLink => ({ ...row, path: articlePath(row.category, row.slug) });

/** /help: every category with articles in this language on this site, and their articles in order. */
export async function helpSections(db: Db, siteId: number | null, language: Language): Promise<HelpSection[]> {
  const [categories, articles] = await Promise.all([
    db.select().from(bizHelpCategory).orderBy(asc(bizHelpCategory.sort), asc(bizHelpCategory.categoryId)),
    db
      .select({ ...linkColumns, categoryId: bizHelpArticle.categoryId })
      .from(bizHelpArticle)
      .innerJoin(bizHelpCategory, eq(bizHelpCategory.categoryId, bizHelpArticle.categoryId))
      .where(and(eq(bizHelpArticle.language, language), visibleOn(siteId)))
      .orderBy(asc(bizHelpArticle.sort), asc(bizHelpArticle.title)),
  ]);
  return categories
    .map((category) => ({
      category: categoryView(category, language),
      articles: articles.filter((row) => row.categoryId === category.categoryId).map(link),
    }))
    .filter((section) => section.articles.length > 0);
}

/**
 * Every address of the site's help centre with the languages it can be read in (an article's
 * address is the same in every language it is written in; a category's, those of its articles).
 */
export async function helpPaths(db: Db, siteId: number | null): Promise<HelpPath[]> {
  const rows = await db
    .selectDistinct({ category: bizHelpCategory.slug, slug: bizHelpArticle.slug, language: bizHelpArticle.language })
    .from(bizHelpArticle)
    .innerJoin(bizHelpCategory, eq(bizHelpCategory.categoryId, bizHelpArticle.categoryId))
    .where(visibleOn(siteId));
  const languagesOf = (keep: (row: (typeof rows)[number]) => boolean) =>
    LANGUAGES.filter((language) => rows.some((row) => row.language === language && keep(row)));
  const categories = [...new Set(rows.map((row) => row.category))].sort();
  const articles = [...new Set(rows.map((row) => articlePath(row.category, row.slug)))].sort();
  return [
    { path: "/help", languages: [...LANGUAGES] },
    ...categories.map((category) => ({
      path: `/help/${category}`,
      languages: languagesOf((row) => row.category === category),
    })),
    ...articles.map((path) => ({
      path,
      languages: languagesOf((row) => articlePath(row.category, row.slug) === path),
    })),
  ];
}

/** One article as /help/<category>/<slug> shows it, or null (none published here in this language). */
export async function helpArticle(
  db: Db,
  siteId: number | null,
  language: Language,
  category: string,
  slug: string,
): Promise<HelpArticlePage | null> {
  const rows = await db
    .select({
      ...linkColumns,
      language: bizHelpArticle.language,
      body: bizHelpArticle.body,
      updatedAt: bizHelpArticle.updatedAt,
      categoryNames: bizHelpCategory.name,
    })
    .from(bizHelpArticle)
    .innerJoin(bizHelpCategory, eq(bizHelpCategory.categoryId, bizHelpArticle.categoryId))
    .where(and(eq(bizHelpCategory.slug, category), eq(bizHelpArticle.slug, slug), visibleOn(siteId)));
  const row = rows.find((candidate) => candidate.language === language);
  if (!row) return null;
  const { language: _language, categoryNames, updatedAt, body, ...rest } = row;
  return {
    ...link(rest),
    body,
    categoryName: categoryName({ name: categoryNames }, language),
    updatedAt: updatedAt.toISOString(),
    languages: LANGUAGES.filter((candidate) => rows.some((other) => other.language === candidate)),
  };
}

/**
 * An article as the search reads it: its title's words weighted A, its text's B. The same
 * expression as the index biz_help_article_search, so that the index serves it.
 */
export const searchDocument = () =>
  sql`(setweight(to_tsvector('simple', ${bizHelpArticle.searchTitle}), 'A') || setweight(to_tsvector('simple', ${bizHelpArticle.searchBody}), 'B'))`;

/**
 * How much a word found counts where it is (D, C, B, A: unused, unused, the text, the title): a
 * title that says it is worth five times the text saying it. The rank is divided by the log of the
 * article's length, so that a long article does not win by length alone.
 */
const RANK_WEIGHTS = "{0, 0, 0.2, 1}";

/**
 * The site's articles in this language that match a reader's words, best first: every word
 * present when some article has them all, else any of them (ranked by how many, titles first).
 */
export async function searchHelp(
  db: Db,
  siteId: number | null,
  language: Language,
  words: string,
  limit: number,
): Promise<HelpArticleLink[]> {
  for (const join of ["all", "any"] as const) {
    const query = searchQuery(words, join);
    if (query === null) return [];
    const rows = await sqlRows<LinkRow>(
      db,
      sql`select ${bizHelpArticle.articleId} as "articleId", ${bizHelpCategory.slug} as "category",
                 ${bizHelpArticle.slug} as "slug", ${bizHelpArticle.title} as "title", ${bizHelpArticle.summary} as "summary"
          from ${bizHelpArticle}
          join ${bizHelpCategory} on ${bizHelpCategory.categoryId} = ${bizHelpArticle.categoryId},
               to_tsquery('simple', ${query}) query,
               lateral (select ${searchDocument()} as document) searched
          where ${bizHelpArticle.language} = ${language} and ${visibleOn(siteId)} and searched.document @@ query
          order by ts_rank(${RANK_WEIGHTS}::float4[], searched.document, query, 1) desc, ${bizHelpArticle.sort}, ${bizHelpArticle.articleId}
          limit ${limit}`,
    );
    if (rows.length > 0) return rows.map(link);
  }
  return [];
}

/**
 * A reader's "was this helpful?" (one answer per reader and article: answering again changes it),
 * for a published article of the site; false when there is no such article.
 */
export async function recordHelpfulness(
  db: Db,
  siteId: number | null,
  articleId: number,
  voter: string,
  helpful: boolean,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ articleId: bizHelpArticle.articleId })
      .from(bizHelpArticle)
      .where(and(eq(bizHelpArticle.articleId, articleId), visibleOn(siteId)))
      .for("update");
    if (!article) return false;
    await tx
      .insert(bizHelpFeedback)
      .values({ articleId, voter, helpful, at: now })
      .onConflictDoUpdate({ target: [bizHelpFeedback.articleId, bizHelpFeedback.voter], set: { helpful, at: now } });
    await recountHelpfulness(tx, [articleId]);
    return true;
  });
}

async function recountHelpfulness(tx: Tx, articleIds: number[]) {
  await tx
    .update(bizHelpArticle)
    .set({
      helpfulYes: sql`(select count(*) from ${bizHelpFeedback} f where f.article_id = ${bizHelpArticle.articleId} and f.helpful)`,
      helpfulNo: sql`(select count(*) from ${bizHelpFeedback} f where f.article_id = ${bizHelpArticle.articleId} and not f.helpful)`,
    })
    .where(inArray(bizHelpArticle.articleId, articleIds));
}
