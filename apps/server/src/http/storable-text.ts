/** A NUL character, or half of a surrogate pair without its other half (the `u` flag pairs them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu;

/**
 * True when PostgreSQL can store the text: its `text` columns refuse a NUL character, and its JSON
 * columns a NUL (`\u0000`) and an unpaired surrogate (`\ud800`).
 */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each NUL character and lone surrogate replaced by U+FFFD (for logs and messages). */
export function storable(text: string): string {
  return text.replace(UNSTORABLE_ALL, "\uFFFD");
}
