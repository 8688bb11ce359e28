/**
 * LIKE patterns for what a user typed into a search box: `%`, `_` and `\` are LIKE's own, so
 * they are escaped and a name containing them is searched for as written.
 */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Contains the text. */
export const likeAnywhere = (text: string) => `%${escapeLike(text)}%`;

/** Starts with the text. */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;
