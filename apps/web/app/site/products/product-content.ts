/** A product page's texts in one language (locales/products/<slug>/<language>.json). */
export interface ProductContent {
  name: string;
  meta: { title: string; description: string };
  hero: { kicker: string; title: string; lead: string };
  /** What the figures band is called when it shows more than numbers ("At a glance"). */
  figuresTitle?: string;
  figures: { value: string; label: string }[];
  features: { title: string; text: string }[];
  advantages: { title: string; text: string }[];
  useCases: Record<"gaming" | "ecommerce" | "finance" | "government", { title: string; text: string }>;
  /** Specifications: one value per row, or one per column (editions) when `columns` is given. */
  specs: { title: string; columns?: string[]; rows: { label: string; value?: string; values?: string[] }[] };
  faq: { q: string; a: string }[];
  /** Customer cases (the security services). */
  cases?: { title: string; text: string }[];
}

/** `{{company}}` in a text becomes the site's company name. */
export function withCompany(text: string, company: string): string {
  return text.replaceAll("{{company}}", company);
}
