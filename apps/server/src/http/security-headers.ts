import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { API_PREFIX } from "./api-not-found.ts";

declare module "fastify" {
  interface FastifyReply {
    /** This answer's nonces for inline scripts and style elements (pages only; null on the API). */
    cspNonce: { script: string; style: string } | null;
  }
}

/** Stand-ins for a page's nonces in its policy, replaced on every page request. */
const SCRIPT_NONCE = "'nonce-SCRIPT'";
const STYLE_NONCE = "'nonce-STYLE'";

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // No style attribute in markup: React and antd set styles through the CSSOM, which this
  // does not govern; the brand's colours come in a style element (the web app's root).
  styleSrcAttr: ["'none'"],
  imgSrc: ["'self'", "data:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", "https:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

const options: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives },
  // Our pages embed nothing cross-origin that would need isolation headers.
  crossOriginEmbedderPolicy: false,
  // helmet's "no-referrer" makes browsers send `Origin: null` with form posts, which the web
  // app's CSRF check (rightly) refuses: send our origin, and only it, to other sites.
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
};

/** The headers helmet sets with these options, read once from its middleware. */
function headersOf(helmetOptions: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(helmetOptions)({} as never, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, chosen by helmet and built once at start (helmet's Fastify
 * plugin builds them afresh for every request, a measurable part of each one's time).
 *
 * The Content-Security-Policy allows scripts and style elements only from our origin or, on pages,
 * with the per-request nonce (`reply.cspNonce`), which the server renderer puts on the inline
 * scripts and styles it writes. The API answers JSON, which runs no script: its policy has no
 * nonce. No style attribute in markup is applied (`style-src-attr 'none'`). Images may come from
 * https (a site's logo can live on a CDN).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const apiHeaders = headersOf(options);
    const pageHeaders = headersOf({
      ...options,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          scriptSrc: [...directives.scriptSrc, SCRIPT_NONCE],
          styleSrc: [...directives.styleSrc, STYLE_NONCE],
        },
      },
    });
    const pagePolicy = pageHeaders["content-security-policy"]!;

    app.decorateReply("cspNonce", null);
    app.addHook("onRequest", (request, reply, done) => {
      if (request.url.startsWith(API_PREFIX)) {
        reply.headers(apiHeaders);
        return done();
      }
      const nonces = randomBytes(32).toString("hex");
      const nonce = { script: nonces.slice(0, 32), style: nonces.slice(32) };
      reply.cspNonce = nonce;
      reply.headers(pageHeaders);
      reply.header(
        "content-security-policy",
        pagePolicy.replace(SCRIPT_NONCE, `'nonce-${nonce.script}'`).replace(STYLE_NONCE, `'nonce-${nonce.style}'`),
      );
      done();
    });
  },
  { name: "security-headers" },
);
