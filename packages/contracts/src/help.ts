import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, Int4, MultiLine, SingleLine } from "./field-kinds.ts";
import type { Language } from "./languages.ts";

/**
 * The help centre (issue 42): articles per site and language under the installation's categories,
 * read at /help on the public site and suggested while a customer writes a ticket.
 */

/**
 * Draft: only operators see it. Published: on the site. Hidden: a site's article that takes the
 * installation's article of its category, slug and language off that site without replacing it.
 */
export const HELP_ARTICLE_STATUSES = ["draft", "published", "hidden"] as const;
export type HelpArticleStatus = (typeof HELP_ARTICLE_STATUSES)[number];

/** A category's or an article's part of the path: lowercase letters, digits and single hyphens. */
export const HELP_SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
export const HELP_TITLE_MAX = 200;
export const HELP_SUMMARY_MAX = 300;
export const HELP_BODY_MAX = 100_000;
/** Searches are cut to this many characters; shorter than 2 (after folding) finds nothing. */
export const HELP_QUERY_MAX = 100;
/** How many articles a ticket's subject suggests. */
export const HELP_SUGGESTIONS = 5;

const LanguageLiteral = Type.Union([
  Type.Literal("en"),
  Type.Literal("zh-CN"),
  Type.Literal("zh-TW"),
  Type.Literal("id"),
  Type.Literal("vi"),
]);
const Slug = (maxLength: number) => Type.String({ pattern: HELP_SLUG_PATTERN, minLength: 1, maxLength });

/** An article as an operator writes it. */
export const HelpArticleBody = Type.Object(
  {
    categoryId: Id(),
    language: LanguageLiteral,
    slug: Slug(96),
    title: SingleLine({ minLength: 1, maxLength: HELP_TITLE_MAX }),
    summary: SingleLine({ maxLength: HELP_SUMMARY_MAX }),
    /** Rich text; the server keeps what the sanitiser allows. */
    body: MultiLine({ maxLength: HELP_BODY_MAX }),
    status: Type.Union([Type.Literal("draft"), Type.Literal("published"), Type.Literal("hidden")]),
    sort: Int4({ maximum: 999 }),
    /** A new one's site (null or absent: the installation's); an operator bound to a site writes for theirs. */
    siteId: Type.Optional(Type.Union([Id(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type HelpArticleBody = Static<typeof HelpArticleBody>;

/** A category: its path part and its name in each language (English required). */
export const HelpCategoryBody = Type.Object(
  {
    slug: Slug(64),
    name: Type.Object(
      {
        en: SingleLine({ minLength: 1, maxLength: 60 }),
        "zh-CN": SingleLine({ maxLength: 60 }),
        "zh-TW": SingleLine({ maxLength: 60 }),
        id: SingleLine({ maxLength: 60 }),
        vi: SingleLine({ maxLength: 60 }),
      },
      { additionalProperties: false },
    ),
    sort: Int4({ maximum: 999 }),
  },
  { additionalProperties: false },
);
export type HelpCategoryBody = Static<typeof HelpCategoryBody>;

/** GET /prod-api/business/help/articles */
export const HelpArticleQuery = Type.Object({
  ...PageQuery,
  language: Type.Optional(LanguageLiteral),
  categoryId: Type.Optional(Id()),
  status: Type.Optional(Type.Union([Type.Literal("draft"), Type.Literal("published"), Type.Literal("hidden")])),
  /** "installation", or a site's id. */
  scope: Type.Optional(Type.String({ pattern: "^(installation|[0-9]{1,9})$" })),
  q: Type.Optional(SingleLine({ maxLength: HELP_QUERY_MAX })),
});
export type HelpArticleQuery = Static<typeof HelpArticleQuery>;

/** GET /prod-api/help/search: the public search of the visitor's site and language. */
export const HelpSearchQuery = Type.Object({
  q: Type.String({ maxLength: 400 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});
export type HelpSearchQuery = Static<typeof HelpSearchQuery>;

export interface HelpCategoryView {
  categoryId: number;
  slug: string;
  /** In the reader's language (English when that one is blank). */
  name: string;
  names: Record<string, string>;
  sort: number;
}

/** An article in a list or a search's results. */
export interface HelpArticleLink {
  articleId: number;
  category: string;
  slug: string;
  title: string;
  summary: string;
  /** `/help/<category>/<slug>` */
  path: string;
}

/** An address of the help centre and the languages it can be read in (the sitemap, hreflang). */
export interface HelpPath {
  path: string;
  languages: Language[];
}

/** A category of /help with its articles in the reader's language. */
export interface HelpSection {
  category: HelpCategoryView;
  articles: HelpArticleLink[];
}

/** An article as the public site shows it. */
export interface HelpArticlePage extends HelpArticleLink {
  categoryName: string;
  /** Sanitised HTML. */
  body: string;
  updatedAt: string;
  /** The languages this article (its category and slug) can be read in on this site. */
  languages: Language[];
}

/** An article as the console lists and edits it. */
export interface HelpArticleView {
  articleId: number;
  siteId: number | null;
  siteName: string;
  categoryId: number;
  category: string;
  language: Language;
  slug: string;
  title: string;
  summary: string;
  body: string;
  status: HelpArticleStatus;
  sort: number;
  helpfulYes: number;
  helpfulNo: number;
  publishedAt: string | null;
  updatedBy: string;
  updatedAt: string;
  /** The installation's article a site's one replaces (same category, slug, language), if any. */
  overrides: number | null;
}
