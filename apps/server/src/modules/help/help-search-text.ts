/**
 * The text of articles as the help centre's search reads it, and a reader's words as a query of
 * it, for PostgreSQL's full-text search with the `simple` configuration (no stemming, no stop
 * words: the same for the five languages, in PGlite and in PostgreSQL, with no extension).
 *
 * PostgreSQL cuts words at spaces and punctuation, which Chinese does not have; its trigram
 * extension (pg_trgm) keeps only characters the database's locale calls letters, which leaves
 * Chinese out under the C locale the embedded database runs with. So the text is prepared here,
 * as search engines prepare Chinese, Japanese and Korean (Lucene's CJK analyser): a run of those
 * characters becomes its overlapping pairs (证书申请 → 证书 书申 申请), which any query of two or
 * more characters from it matches, without a dictionary that could cut a query and a text
 * differently. Other scripts are words, folded of case and of accents (Vietnamese "tên miền"
 * matches "ten mien", typed without them), đ read as d.
 */

/** Chinese, Japanese and Korean characters: searched by pairs. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const TOKENS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+/gu;
/** Longest word kept (PostgreSQL's limit is 2047 bytes; longer ones are noise). */
const WORD_MAX = 60;

function fold(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/đ/g, "d")
    .normalize("NFC");
}

/** Every searchable unit of a text, in order: words, and pairs of CJK characters. */
export function searchTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [run] of fold(text).matchAll(TOKENS)) {
    if (CJK.test(run)) {
      const chars = Array.from(run);
      if (chars.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
    } else if (run.length <= WORD_MAX) {
      tokens.push(run);
    }
  }
  return tokens;
}

/** A text as it is stored for searching (the tokens, separated by spaces). */
export function searchText(text: string): string {
  return searchTokens(text).join(" ");
}

/**
 * A reader's words as `to_tsquery('simple', …)` text, joined by `&` (every one present) or `|`
 * (any, ranked by how many; short words such as "a", "do", "di" are left out then, when there are
 * others, for they are in every article). The last word also matches as the start of a longer one
 * (a subject still being typed: "certif" finds "certificate"). Null when there is nothing to
 * search for. The units are letters and digits only, so nothing in them is an operator of the
 * query language.
 */
export function searchQuery(words: string, join: "all" | "any"): string | null {
  let units = [...new Set(searchTokens(words))];
  if (units.length === 0 || units.join("").length < 2) return null;
  if (join === "any") {
    const telling = units.filter((unit) => CJK.test(unit) || unit.length >= SHORT_WORD);
    if (telling.length > 0) units = telling;
  }
  const last = units.length - 1;
  return units
    .map((unit, index) => (index === last && (CJK.test(unit) || unit.length >= SHORT_WORD) ? `${unit}:*` : unit))
    .join(join === "all" ? " & " : " | ");
}

/** Words shorter than this are not read as the start of longer ones, nor kept in an "any" search. */
const SHORT_WORD = 3;
