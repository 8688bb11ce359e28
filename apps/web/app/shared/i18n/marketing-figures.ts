import { MARKETING_FIGURES, type MarketingFigure, siteFigures } from "@rampart/contracts";

/**
 * The provider's figures (spec section 9; the defaults in @rampart/contracts) written into texts:
 * the texts name them (`{{nodes, number}}`, `{{botnetRules, compact}}`) and each language formats
 * them its own way (2,800 in English, 2.800 in Indonesian and Vietnamese; 30万 where Chinese counts
 * in ten thousands). A text that counts something names its word in the singular and the plural
 * (`{{mitigationSeconds, number, second|seconds}}`), so that a site's figure of 1 reads "1 second".
 *
 * A site shows its own figures (System → Sites) and may hide one: a text never claims a hidden
 * figure. The sentences that cite it are left out of the text; a text left with nothing is left
 * out where it stands (a product page's figure, feature, specification row or question goes
 * whole), see `fillFiguresDeep`.
 */
export { MARKETING_FIGURES, type MarketingFigure, siteFigures };

/** Each figure as a site shows it: a number, or null when the site hides it. */
export type Figures = Record<MarketingFigure, number | null>;

/** `number`: grouped as the language groups; `compact`: in words (1.6 million, 160万, 1,6 juta). */
export type FigureFormat = "number" | "compact";

export function formatFigure(value: number, format: FigureFormat, language: string): string {
  return new Intl.NumberFormat(
    language,
    format === "compact" ? { notation: "compact", compactDisplay: "long" } : { maximumFractionDigits: 2 },
  ).format(value);
}

const TOKEN = /\{\{\s*(\w+)\s*,\s*(number|compact)\s*(?:,\s*([^|}]+?)\s*\|\s*([^}]+?)\s*)?\}\}/g;
/** Where a sentence ends: a full stop, ! or ? before a space or the end; a Chinese one anywhere. */
const SENTENCE_END = /[.!?](?=\s|$)\s*|[。！？]\s*/g;

const DEFAULTS: Figures = MARKETING_FIGURES;

function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of text.matchAll(SENTENCE_END)) {
    const after = end.index + end[0].length;
    sentences.push(text.slice(start, after));
    start = after;
  }
  if (start < text.length) sentences.push(text.slice(start));
  return sentences;
}

const citesHidden = (text: string, figures: Figures) =>
  [...text.matchAll(TOKEN)].some(
    ([, name]) => Object.hasOwn(figures, name!) && figures[name as MarketingFigure] === null,
  );

/**
 * A text with its figures (`{{name, number}}`, `{{name, compact}}`) written in `language`, from the
 * site's `figures` (the defaults when none are given); the sentences citing a hidden figure are
 * left out ("" when every sentence cites one).
 */
export function fillFigures(text: string, language: string, figures: Figures = DEFAULTS): string {
  const kept = citesHidden(text, figures)
    ? sentencesOf(text)
        .filter((sentence) => !citesHidden(sentence, figures))
        .join("")
        .trim()
    : text;
  return kept.replace(TOKEN, (token, name: string, format: FigureFormat, one?: string, other?: string) => {
    const value = Object.hasOwn(figures, name) ? figures[name as MarketingFigure] : undefined;
    if (typeof value !== "number") return token;
    const figure = formatFigure(value, format, language);
    if (one === undefined || other === undefined) return figure;
    return `${figure} ${new Intl.PluralRules(language).select(value) === "one" ? one : other}`;
  });
}

const LEFT_OUT = Symbol("left out");

/**
 * Every string of a text tree (a product page's content) with its figures filled. What a hidden
 * figure empties goes whole: an entry of a list (a figure, a feature, a specification row, a
 * question) when any of its texts is emptied, a list of plain texts (a row's values per edition)
 * when any of them is; a text outside any list is left empty.
 */
export function fillFiguresDeep<T>(value: T, language: string, figures: Figures = DEFAULTS): T {
  const filled = fill(value, language, figures, false);
  return (filled === LEFT_OUT ? "" : filled) as T;
}

function fill(value: unknown, language: string, figures: Figures, inList: boolean): unknown {
  if (typeof value === "string") {
    const text = fillFigures(value, language, figures);
    return text === "" && value !== "" ? LEFT_OUT : text;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => fill(item, language, figures, true));
    if (value.every((item) => typeof item === "string")) return items.includes(LEFT_OUT) ? LEFT_OUT : items;
    return items.filter((item) => item !== LEFT_OUT);
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, item, fill(item, language, figures, false)]);
    if (inList && entries.some(([, , filled]) => filled === LEFT_OUT)) return LEFT_OUT;
    // Outside a list, an emptied text stays as "" and an emptied list of texts as [].
    return Object.fromEntries(
      entries.map(([key, item, filled]) => [key, filled === LEFT_OUT ? (Array.isArray(item) ? [] : "") : filled]),
    );
  }
  return value;
}
