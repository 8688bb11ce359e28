import { LANGUAGES, type Language } from "@rampart/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizHelpArticle, bizHelpCategory } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { plainText, sanitizeRichText } from "../notices/rich-text.ts";
import { searchText } from "./help-search-text.ts";
import { HELP_SEED_EN } from "./seed-articles/en.ts";
import type { HelpSeed, HelpSeedCategory } from "./seed-articles/help-seed.ts";
import { HELP_SEED_ID } from "./seed-articles/id.ts";
import { HELP_SEED_VI } from "./seed-articles/vi.ts";
import { HELP_SEED_ZH_CN } from "./seed-articles/zh-cn.ts";
import { HELP_SEED_ZH_TW } from "./seed-articles/zh-tw.ts";

const SEEDS: Record<Language, HelpSeed> = {
  en: HELP_SEED_EN,
  "zh-CN": HELP_SEED_ZH_CN,
  "zh-TW": HELP_SEED_ZH_TW,
  id: HELP_SEED_ID,
  vi: HELP_SEED_VI,
};
const CATEGORY_ORDER: readonly HelpSeedCategory[] = ["getting-started", "certificates", "billing", "security"];

/**
 * The help centre's first categories and articles, the installation's (every site inherits them),
 * written for each language: on an installation that never had a category (its sequence was never
 * drawn from), so that one whose operators removed them all does not get them back.
 */
export async function seedHelpCentre(db: Db, now: Date): Promise<void> {
  const [sequence] = await sqlRows<{ is_called: boolean }>(
    db,
    sql`select is_called from biz_help_category_category_id_seq`,
  );
  if (sequence?.is_called) return;
  const categories = await db
    .insert(bizHelpCategory)
    .values(
      CATEGORY_ORDER.map((slug, index) => ({
        slug,
        sort: (index + 1) * 10,
        name: Object.fromEntries(LANGUAGES.map((language) => [language, SEEDS[language].categories[slug]])),
      })),
    )
    .returning();
  const categoryId = new Map(categories.map((row) => [row.slug, row.categoryId]));
  for (const language of LANGUAGES) {
    const rows = [];
    for (const [index, article] of SEEDS[language].articles.entries()) {
      const body = await sanitizeRichText(article.body);
      rows.push({
        siteId: null,
        categoryId: categoryId.get(article.category)!,
        language,
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        body,
        status: "published",
        sort: (index + 1) * 10,
        searchTitle: searchText(article.title),
        searchBody: searchText(`${article.summary} ${await plainText(body)}`),
        publishedAt: now,
        updatedBy: "seed",
        updatedAt: now,
      });
    }
    await db.insert(bizHelpArticle).values(rows);
  }
}
