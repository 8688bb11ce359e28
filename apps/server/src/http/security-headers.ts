import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { API_DOCS, API_PREFIX } from "./api-paths.ts";

export interface Nonces {
  script: string;
  style: string;
}

declare module "fastify" {
  interface FastifyReply {
    /** A rendered page's nonces for its inline scripts and style elements (`pageNonces`). */
    cspNonces: Nonces | null;
  }
}

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
 * What the API's JSON answers need (OWASP's REST security headers): no content of any kind may
 * load or run from them, no framing by other sites, no type sniffing, HTTPS only, no reading by
 * other origins' pages. The rest of helmet's set governs documents (opener, referrer, DNS
 * prefetch, legacy browsers' downloads and XSS filter) and is sent with pages and the API
 * documentation only: on every API answer it was 600 bytes, a measurable part of each one's cost.
 * API routes that answer a document set their own sandboxing policy (served files) and referrer
 * policy (mail previews, whose address is a secret).
 */
const apiHeaders = headersOf({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Pages' and the API documentation's headers; the policy allows no inline script or style. */
const documentHeaders = headersOf(options);

/** Stand-ins for the sources allowing a page's inline scripts and style elements. */
const SCRIPT_SOURCES = "'inline-scripts'";
const STYLE_SOURCES = "'inline-styles'";
const pagePolicyTemplate = headersOf({
  ...options,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      ...directives,
      scriptSrc: [...directives.scriptSrc, SCRIPT_SOURCES],
      styleSrc: [...directives.styleSrc, STYLE_SOURCES],
    },
  },
})["content-security-policy"]!;

/**
 * A page's Content-Security-Policy allowing, besides our origin's files, the inline scripts and
 * style elements named by these sources: a render's nonces, or a kept page's hashes.
 */
export function pagePolicy(scriptSources: string, styleSources: string): string {
  return pagePolicyTemplate
    .replace(SCRIPT_SOURCES, scriptSources)
    .replace(STYLE_SOURCES, styleSources)
    .replace(/ +;/g, ";");
}

/**
 * The nonces of a page being rendered, made on first use and put in its policy: the server
 * renderer writes them on the inline scripts and styles. Only a render makes them; a kept page
 * is answered with its own policy (the page cache's).
 */
export function pageNonces(reply: FastifyReply): Nonces {
  if (reply.cspNonces) return reply.cspNonces;
  const hex = randomBytes(32).toString("hex");
  const nonces = { script: hex.slice(0, 32), style: hex.slice(32) };
  reply.cspNonces = nonces;
  reply.header("content-security-policy", pagePolicy(`'nonce-${nonces.script}'`, `'nonce-${nonces.style}'`));
  return nonces;
}

/** Whether a request's URL is `path` itself or below it (`/prod-apix` is not below `/prod-api`). */
function underPath(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url.charCodeAt(path.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */;
}

/**
 * Security headers on every answer, chosen by helmet and built once at start (helmet's Fastify
 * plugin builds them afresh for every request, a measurable part of each one's time).
 *
 * The Content-Security-Policy allows scripts and style elements only from our origin or, on a
 * rendered page, with its nonces (`pageNonces`); a kept page allows its own inline ones by hash.
 * No style attribute in markup is applied (`style-src-attr 'none'`). Images may come from https
 * (a site's logo can live on a CDN). The API's JSON gets the short set above.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateReply("cspNonces", null);
    app.addHook("onRequest", (request, reply, done) => {
      const api = underPath(request.url, API_PREFIX) && !underPath(request.url, API_DOCS);
      reply.headers(api ? apiHeaders : documentHeaders);
      done();
    });
  },
  { name: "security-headers" },
);
