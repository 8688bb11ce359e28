/**
 * sanitize-html (with htmlparser2 and postcss under it), imported when first needed: it was a tenth
 * of a second of every start, measured, for the few requests that write notices or mail templates.
 */
export type HtmlSanitizer = typeof import("sanitize-html");

export const htmlSanitizer = async (): Promise<HtmlSanitizer> => (await import("sanitize-html")).default;
