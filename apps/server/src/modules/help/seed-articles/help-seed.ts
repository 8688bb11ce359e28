/** The first articles of a help centre, in one language (seeded for the installation). */
export interface HelpSeed {
  /** Category slug → its name and order in this language. */
  categories: Record<HelpSeedCategory, string>;
  articles: readonly HelpSeedArticle[];
}

export type HelpSeedCategory = "getting-started" | "certificates" | "billing" | "security";

export interface HelpSeedArticle {
  category: HelpSeedCategory;
  /** The path's last part, the same in every language (`/help/<category>/<slug>`). */
  slug: string;
  title: string;
  /** One or two sentences shown in lists and search results (at most 300 characters). */
  summary: string;
  /** The article: HTML of the tags p, h2, h3, ul, ol, li, strong, em, code, pre, blockquote, a only. */
  body: string;
}
