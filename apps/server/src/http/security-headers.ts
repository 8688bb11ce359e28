import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { API_PREFIX } from "./api-not-found.ts";

/**
 * Security headers on every answer. The Content-Security-Policy allows scripts and style elements
 * only from our origin or with the per-request nonce (`reply.cspNonce`), which the server renderer
 * puts on the inline scripts and styles it writes. No style attribute in markup is applied
 * (`style-src-attr 'none'`). Images may come from https (a site's logo can live on a CDN).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // The API answers JSON, which runs no script: its answers need no nonces (two random values
    // and a policy built afresh on every request otherwise). Same headers, a policy without them.
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const config = (route.config ?? {}) as { helmet?: object };
      route.config = { ...config, helmet: { enableCSPNonces: false, ...config.helmet } } as typeof route.config;
    });
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
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
        },
      },
      // Our pages embed nothing cross-origin that would need isolation headers.
      crossOriginEmbedderPolicy: false,
      // helmet's "no-referrer" makes browsers send `Origin: null` with form posts, which the web
      // app's CSRF check (rightly) refuses: send our origin, and only it, to other sites.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
  },
  { name: "security-headers" },
);
