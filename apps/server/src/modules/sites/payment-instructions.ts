import { LANGUAGES, type Language, type PaymentInstructions } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysSite } from "../../db/schema.ts";

/**
 * A site's offline payment instructions as kept: each language's text with its line breaks as
 * "\n", its lines' trailing spaces and its blank ends trimmed; a blank language left out.
 */
export function keptInstructions(given: PaymentInstructions): PaymentInstructions {
  const kept: PaymentInstructions = {};
  for (const language of LANGUAGES) {
    const text = (given[language] ?? "")
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .trim();
    if (text) kept[language] = text;
  }
  return kept;
}

/**
 * The instructions a reader of this language is shown: theirs, else English, else the first
 * language given; null when the site gave none.
 */
export function instructionsFor(kept: Partial<Record<string, string>>, language: Language): string | null {
  const order = [language, "en", ...LANGUAGES];
  for (const candidate of order) {
    const text = kept[candidate]?.trim();
    if (text) return text;
  }
  return null;
}

/** How to pay an order of this site (null: the default site's) offline, for a reader of this language. */
export async function siteInstructions(db: Db | Tx, siteId: number | null, language: Language): Promise<string | null> {
  const [site] = await db
    .select({ paymentInstructions: sysSite.paymentInstructions })
    .from(sysSite)
    .where(siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, siteId));
  return site ? instructionsFor(site.paymentInstructions, language) : null;
}
