import type { FastifyReply } from "fastify";

/** The mail's own styles, nothing else: no script, no request anywhere but images, no form, sandboxed. */
const PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'; sandbox";

/**
 * Answers a mail's HTML for the console's frame (the mail log's rendering, a template's preview).
 * Its address is a secret (a signed ticket, a preview's id) and the mail may load images from any
 * https host: no browser sends the address on as a Referer, whatever its default.
 */
export function sendMailPreview(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", PREVIEW_POLICY)
    .header("referrer-policy", "no-referrer")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(html);
}
