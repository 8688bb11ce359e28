import { htmlSanitizer } from "../../http/html-sanitizer.ts";

/**
 * A message's rich text as a mail quotes it: plain text (the mail's layout escapes it), paragraphs,
 * list items and line breaks kept as lines, links written out after their text, cut at `max`
 * characters.
 */
export async function mailTextOf(html: string, max: number): Promise<string> {
  const sanitizeHtml = await htmlSanitizer();
  const marked = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "• ")
    .replace(/<\/li>/gi, "\n")
    .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol)>/gi, "\n\n")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) =>
      inner.includes(href) ? inner : `${inner} (${href})`,
    );
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
