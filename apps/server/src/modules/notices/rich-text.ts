import { htmlSanitizer } from "../../http/html-sanitizer.ts";

/** Images only from our own uploads, or from an https address. */
const IMAGE_SOURCE = /^(\/prod-api\/file\/[0-9a-f-]{36}\.(png|jpe?g)|https:\/\/[^\s"'<>]+)$/i;

/**
 * Rich text as the console's editor writes it, reduced to what a notice may contain: headings,
 * paragraphs, emphasis, lists, quotes, code, links (http, https, mailto; opened apart, without the
 * opener) and images from our uploads or https. Scripts, styles, event handlers, frames, forms and
 * every other attribute are dropped (images too, when `images` is false). The server is the authority; the console sanitises again when
 * it shows the text.
 */
export async function sanitizeRichText(html: string, { images = true }: { images?: boolean } = {}): Promise<string> {
  const sanitizeHtml = await htmlSanitizer();
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "h2",
      "h3",
      "h4",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "ul",
      "ol",
      "li",
      "blockquote",
      "code",
      "pre",
      "hr",
      "a",
      "img",
    ],
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "title"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    // Without images (a ticket's message: its pictures are attachments, served to its readers only).
    exclusiveFilter: (frame) => frame.tag === "img" && (!images || !IMAGE_SOURCE.test(frame.attribs.src ?? "")),
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
      }),
    },
  }).trim();
}

/** The text of some rich text, for checking that a notice says something. */
export async function plainText(html: string): Promise<string> {
  const sanitizeHtml = await htmlSanitizer();
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
