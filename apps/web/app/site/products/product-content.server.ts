import type { Language } from "@rampart/contracts";
import { type Figures, fillFiguresDeep } from "../../shared/i18n/marketing-figures";
import type { ProductContent } from "./product-content";

// Every product's texts, bundled into the server build only: a page sends the browser just its own.
const files = import.meta.glob<{ default: ProductContent }>("../../locales/products/*/*.json");

/**
 * The texts of a product page in a language (English when that language has none), with the site's
 * figures written as that language writes numbers (what cites a hidden one left out).
 */
export async function loadProductContent(
  slug: string,
  language: Language,
  figures: Figures,
): Promise<ProductContent | null> {
  const load =
    files[`../../locales/products/${slug}/${language}.json`] ?? files[`../../locales/products/${slug}/en.json`];
  if (!load) return null;
  return fillFiguresDeep((await load()).default, language, figures);
}
