import type { Language } from "@rampart/contracts";
import { fillFiguresDeep } from "../../shared/i18n/marketing-figures";
import type { ProductContent } from "./product-content";

// Every product's texts, bundled into the server build only: a page sends the browser just its own.
const files = import.meta.glob<{ default: ProductContent }>("../../locales/products/*/*.json");

/**
 * The texts of a product page in a language (English when that language has none), their figures
 * written as that language writes numbers.
 */
export async function loadProductContent(slug: string, language: Language): Promise<ProductContent | null> {
  const key = `${slug}/${language}`;
  const known = filled.get(key);
  if (known) return known;
  const load =
    files[`../../locales/products/${slug}/${language}.json`] ?? files[`../../locales/products/${slug}/en.json`];
  if (!load) return null;
  const content = fillFiguresDeep((await load()).default, language);
  filled.set(key, content);
  return content;
}

/** Each product's texts per language, filled once (a slug is checked against the catalogue first). */
const filled = new Map<string, ProductContent>();
