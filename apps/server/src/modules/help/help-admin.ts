import type {
  HelpArticleBody,
  HelpArticleQuery,
  HelpArticleStatus,
  HelpArticleView,
  HelpCategoryBody,
  HelpCategoryView,
  Language,
} from "@rampart/contracts";
import { aliasedTable, and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizHelpArticle, bizHelpCategory, sysSite } from "../../db/schema.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { plainText, sanitizeRichText } from "../notices/rich-text.ts";
import { categoryName, categoryView, searchDocument } from "./help-articles.ts";
import { searchQuery, searchText } from "./help-search-text.ts";

/**
 * Business → Help centre: the categories (the installation's) and the articles, the installation's
 * and each site's. An operator bound to a site reads the installation's articles and writes their
 * site's only (a copy of an installation's article, same category, slug and language, replaces it
 * there); an unbound operator writes every one.
 */

/** Told to every process when an article or a category changes: rendered help pages are stale. */
export const HELP_CHANGED_CHANNEL = "rampart_help_changed";

type ArticleRow = typeof bizHelpArticle.$inferSelect;
const installationArticle = aliasedTable(bizHelpArticle, "installation_article");

function articleView(
  row: ArticleRow & { category: string; siteName: string | null; overrides: number | null },
): HelpArticleView {
  return {
    articleId: row.articleId,
    siteId: row.siteId,
    siteName: row.siteName ?? "",
    categoryId: row.categoryId,
    category: row.category,
    language: row.language as Language,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status as HelpArticleStatus,
    sort: row.sort,
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
    overrides: row.overrides,
  };
}

/** The articles an operator reads: the installation's and their site's (every one, when unbound). */
function readable(siteScope: number | null): SQL | undefined {
  return siteScope === null
    ? undefined
    : sql`(${bizHelpArticle.siteId} is null or ${bizHelpArticle.siteId} = ${siteScope})`;
}

function articlesQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      article: bizHelpArticle,
      category: bizHelpCategory.slug,
      siteName: sysSite.company,
      overrides: installationArticle.articleId,
    })
    .from(bizHelpArticle)
    .innerJoin(bizHelpCategory, eq(bizHelpCategory.categoryId, bizHelpArticle.categoryId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizHelpArticle.siteId))
    .leftJoin(
      installationArticle,
      and(
        sql`${bizHelpArticle.siteId} is not null`,
        isNull(installationArticle.siteId),
        eq(installationArticle.categoryId, bizHelpArticle.categoryId),
        eq(installationArticle.language, bizHelpArticle.language),
        eq(installationArticle.slug, bizHelpArticle.slug),
      ),
    )
    .where(where);
}

interface JoinedRow {
  article: ArticleRow;
  category: string;
  siteName: string | null;
  overrides: number | null;
}
const joinedView = (row: JoinedRow) =>
  articleView({ ...row.article, category: row.category, siteName: row.siteName, overrides: row.overrides });

export async function listArticles(
  db: Db,
  siteScope: number | null,
  query: HelpArticleQuery,
): Promise<{ rows: HelpArticleView[]; total: number }> {
  const words = query.q ? searchQuery(query.q, "all") : null;
  const where = and(
    readable(siteScope),
    query.language ? eq(bizHelpArticle.language, query.language) : undefined,
    query.categoryId ? eq(bizHelpArticle.categoryId, query.categoryId) : undefined,
    query.status ? eq(bizHelpArticle.status, query.status) : undefined,
    query.scope === "installation"
      ? isNull(bizHelpArticle.siteId)
      : query.scope
        ? eq(bizHelpArticle.siteId, Number(query.scope))
        : undefined,
    query.q ? (words ? sql`${searchDocument()} @@ to_tsquery('simple', ${words})` : sql`false`) : undefined,
  );
  const [rows, totals] = await Promise.all([
    articlesQuery(db, where)
      .orderBy(
        asc(bizHelpCategory.sort),
        asc(bizHelpArticle.sort),
        asc(bizHelpArticle.slug),
        asc(bizHelpArticle.language),
        desc(bizHelpArticle.siteId),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizHelpArticle).where(where),
  ]);
  return { rows: rows.map(joinedView), total: totals[0]?.total ?? 0 };
}

export async function articleForOperator(db: Db, siteScope: number | null, articleId: number) {
  const [row] = await articlesQuery(db, and(eq(bizHelpArticle.articleId, articleId), readable(siteScope)));
  if (!row) throw new NotFoundError("help_article_not_found");
  return joinedView(row);
}

/** Which articles an operator may change: their site's when bound to one, else every one. */
const writable = (siteScope: number | null) => (siteScope === null ? undefined : eq(bizHelpArticle.siteId, siteScope));

/**
 * A new article (articleId null) or a changed one: its body sanitised, its search text made, its
 * first publication dated. A bound operator's new article is their site's; an unbound one's the
 * site it names, or the installation's.
 */
export async function saveArticle(
  db: Db,
  siteScope: number | null,
  articleId: number | null,
  body: HelpArticleBody,
  by: string,
  now: Date,
): Promise<HelpArticleView> {
  const html = await sanitizeRichText(body.body);
  const text = await plainText(html);
  if (body.status !== "hidden" && text.length === 0) throw new AppError(400, "help_article_empty");
  const [category] = await db.select().from(bizHelpCategory).where(eq(bizHelpCategory.categoryId, body.categoryId));
  if (!category) throw new AppError(400, "help_category_invalid");
  const title = body.title.trim();
  const summary = body.summary.trim();
  const values = {
    categoryId: body.categoryId,
    language: body.language,
    slug: body.slug,
    title,
    summary,
    body: html,
    status: body.status,
    sort: body.sort,
    searchTitle: searchText(title),
    searchBody: searchText(`${summary} ${text}`),
    updatedBy: by,
    updatedAt: now,
  };
  const published = body.status === "published" ? sql`coalesce(${bizHelpArticle.publishedAt}, ${now})` : undefined;
  try {
    let id: number | undefined;
    if (articleId === null) {
      const siteId = siteScope ?? body.siteId ?? null;
      const [row] = await db
        .insert(bizHelpArticle)
        .values({ ...values, siteId, publishedAt: body.status === "published" ? now : null })
        .returning({ articleId: bizHelpArticle.articleId });
      id = row?.articleId;
    } else {
      const [row] = await db
        .update(bizHelpArticle)
        .set({ ...values, ...(published ? { publishedAt: published } : {}) })
        .where(and(eq(bizHelpArticle.articleId, articleId), writable(siteScope)))
        .returning({ articleId: bizHelpArticle.articleId });
      if (!row) throw new NotFoundError("help_article_not_found");
      id = row.articleId;
    }
    return articleForOperator(db, siteScope, id!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "help_article_slug_taken");
    if (isForeignKeyViolation(error)) throw new AppError(400, "help_site_invalid");
    throw error;
  }
}

export async function removeArticle(db: Db, siteScope: number | null, articleId: number): Promise<void> {
  const removed = await db
    .delete(bizHelpArticle)
    .where(and(eq(bizHelpArticle.articleId, articleId), writable(siteScope)))
    .returning({ articleId: bizHelpArticle.articleId });
  if (removed.length === 0) throw new NotFoundError("help_article_not_found");
}

export async function helpCategories(db: Db, language: Language): Promise<HelpCategoryView[]> {
  const rows = await db.select().from(bizHelpCategory).orderBy(asc(bizHelpCategory.sort), asc(bizHelpCategory.slug));
  return rows.map((row) => categoryView(row, language));
}

const cleanNames = (name: HelpCategoryBody["name"]) =>
  Object.fromEntries(Object.entries(name).map(([language, text]) => [language, text.trim()]));

/** A new category (categoryId null) or a changed one; slugs are unique. */
export async function saveCategory(
  db: Db,
  categoryId: number | null,
  body: HelpCategoryBody,
  language: Language,
): Promise<HelpCategoryView> {
  const values = { slug: body.slug, name: cleanNames(body.name), sort: body.sort };
  try {
    const [row] =
      categoryId === null
        ? await db.insert(bizHelpCategory).values(values).returning()
        : await db.update(bizHelpCategory).set(values).where(eq(bizHelpCategory.categoryId, categoryId)).returning();
    if (!row) throw new NotFoundError("help_category_not_found");
    return categoryView(row, language);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "help_category_slug_taken");
    throw error;
  }
}

/** Removes a category that holds no article (its articles would lose their address). */
export async function removeCategory(db: Db, categoryId: number, language: Language): Promise<string> {
  const [row] = await db.select().from(bizHelpCategory).where(eq(bizHelpCategory.categoryId, categoryId));
  if (!row) throw new NotFoundError("help_category_not_found");
  const [used] = await db
    .select({ total: count() })
    .from(bizHelpArticle)
    .where(eq(bizHelpArticle.categoryId, categoryId));
  if ((used?.total ?? 0) > 0) throw new AppError(409, "help_category_in_use", { count: used!.total });
  await db.delete(bizHelpCategory).where(eq(bizHelpCategory.categoryId, categoryId));
  return categoryName(row, language);
}
