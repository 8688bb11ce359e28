import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { type ApplyBody, LANGUAGE_COOKIE, resolveLanguage, TOKEN_COOKIE } from "@rampart/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { type Db, UNHEARD_CACHE_TTL_MS } from "./db/client.ts";
import { API_PREFIX } from "./http/api-paths.ts";
import { preferredLanguageTags } from "./http/language.ts";
import { type CachedPage, PageCache } from "./http/page-cache.ts";
import { sendPrecompressed } from "./http/precompressed.ts";
import { type Nonces, pageNonces } from "./http/security-headers.ts";
import type { PriceLists } from "./modules/catalogue/price-lists.ts";
import { loadContacts } from "./modules/configs/contacts.ts";
import type { HelpCentre } from "./modules/help/help-centre.ts";
import { submitLead } from "./modules/leads/service.ts";
import type { MailOutbox } from "./modules/mail/outbox.ts";
import type { SiteDirectory } from "./modules/sites/site-directory.ts";
import { siteOrigin } from "./modules/sites/site-origin.ts";

type StorePage = (html: string, headers: Record<string, string>) => void;

const require = createRequire(import.meta.url);
const webDir = dirname(require.resolve("@rampart/web/package.json"));

/**
 * Whether the visitor carries the console's session cookie (its presence alone decides the
 * header's signed-in menu; the server never trusts it). One reading, @fastify/cookie's, for both
 * the page cache's key and the renderer: `Admin-Token=; Admin-Token=x` and `Admin-Token =x` were
 * read one way by each and crossed signed-in and plain visitors' pages.
 */
const signedInOf = (request: FastifyRequest) => Boolean(request.cookies[TOKEN_COOKIE]);
const ASSETS_PREFIX = "/assets/";
/** How long a request waits for the same page's render under way before rendering it itself. */
const RENDER_WAIT_MS = 5_000;

function pageLanguage(request: FastifyRequest) {
  return resolveLanguage(request.cookies[LANGUAGE_COOKIE], preferredLanguageTags(request.headers["accept-language"]));
}

declare module "fastify" {
  interface FastifyRequest {
    /** Where this request's rendered page is kept in the page cache (GET pages only). */
    pageCacheKey?: string;
  }
}

/** The help centre as one request's page reads it: its site, its language, its reader. */
function helpReader(help: HelpCentre, request: FastifyRequest, siteId: number | null, now: () => Date) {
  const language = pageLanguage(request);
  return {
    sections: () => help.sections(siteId, language),
    article: (category: string, slug: string) => help.article(siteId, language, category, slug),
    search: (words: string) => help.search(siteId, language, words, HELP_SEARCH_RESULTS),
    paths: () => help.paths(siteId),
    rate: (articleId: number, helpful: boolean) => help.rate(siteId, articleId, helpful, { ip: request.ip }, now()),
  };
}
/** How many articles /help?q= lists. */
const HELP_SEARCH_RESULTS = 20;

export class WebBuildMissingError extends Error {
  override name = "WebBuildMissingError";
}

/**
 * Serves the React Router app on the same port as the API: built assets with long-lived caching,
 * and every other path rendered on the server with the request's site and language already known.
 */
export async function webAppPlugin(
  app: FastifyInstance,
  options: {
    sites: SiteDirectory;
    mode: string;
    pageCacheTtlMs: number;
    /** False while site and price changes of other processes may go unheard: pages are kept briefly. */
    hearsChanges: () => boolean;
    db: Db;
    priceLists: PriceLists;
    now: () => Date;
    /** Mails that a page's form causes (the lead's alert and acknowledgment). */
    mail?: MailOutbox;
    /** The online payment methods configured (none: orders are paid offline). */
    onlinePayMethods?: readonly string[];
    /** The help centre (/help): its pages are dropped from the cache when articles change. */
    help?: HelpCentre;
  },
) {
  const serverBuildPath = join(webDir, "build/server/index.js");
  if (!existsSync(serverBuildPath)) {
    throw new WebBuildMissingError(`The web app is not built (${serverBuildPath} is missing): run \`npm run build\`.`);
  }
  const build = await import("@rampart/web/server-build");
  // The same context key instance as the loaders read (it lives in the server build).
  const { requestContext } = build.entry.module;
  let storePage: ((request: FastifyRequest, nonces: Nonces) => StorePage | undefined) | undefined;

  if (options.pageCacheTtlMs > 0) {
    const pages = new PageCache({ ttlMs: options.pageCacheTtlMs });
    options.sites.onChange(() => pages.clear());
    // Price pages show the list's prices: a new price list makes them stale too.
    options.priceLists.onChange(() => pages.clear());
    // Help pages show the articles: an article written or changed makes them stale.
    options.help?.onChange(() => pages.clear());
    app.decorateRequest("pageCacheKey", undefined);
    /** A kept page, answered from the onRequest hook (whose chain then ends without done()). */
    const sendKept = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
      reply.header("content-security-policy", page.csp);
      sendPrecompressed(
        request,
        reply.status(200).headers(page.headers),
        page.bodies,
        "Accept-Encoding, Cookie, Accept-Language",
      );
    };
    // A callback hook: a page not kept (and every API request) passes on without a promise.
    app.addHook("onRequest", (request, reply, done) => {
      if (request.method !== "GET" || request.url.startsWith(ASSETS_PREFIX) || request.url.startsWith(API_PREFIX)) {
        return done();
      }
      // The same origin the page is built from (the adapter renders `protocol://host` as Fastify
      // reads them, forwarded headers included behind TRUSTED_PROXIES), and the same reading of
      // the session cookie as the renderer's (signedInOf): a page is never served to a visitor it
      // was not built for.
      const key = PageCache.key({
        host: `${request.protocol}://${request.host}`,
        language: pageLanguage(request),
        signedIn: signedInOf(request),
        url: request.url,
      });
      request.pageCacheKey = key;
      const page = pages.get(key);
      if (page) return sendKept(request, reply, page);
      const turn = pages.beginRender(key);
      if (turn === "render") return done();
      if (turn === "lead") {
        // Over when the answer is, kept or not (a render that fails or is abandoned included).
        reply.raw.on("close", () => pages.endRender(key));
        return done();
      }
      pages.whenRendered(key, RENDER_WAIT_MS).then(() => {
        const rendered = pages.get(key);
        if (rendered) sendKept(request, reply, rendered);
        else done();
      }, done);
    });
    storePage = (request, nonces) => {
      const key = request.pageCacheKey;
      if (!key) return undefined;
      return (html, headers) =>
        pages.set(key, { html, headers }, nonces, options.hearsChanges() ? undefined : UNHEARD_CACHE_TTL_MS);
    };
  }

  await app.register(fastifyReactRouter, {
    build: build as unknown as ServerBuild,
    serverBuildPath,
    clientBuildDirectory: join(webDir, "build/client"),
    mode: options.mode,
    async getLoadContext(request, reply) {
      const site = await options.sites.siteForHostHeader(request.headers.host).catch((error: unknown) => {
        request.log.error({ err: error }, "site lookup failed; rendering with default branding");
        return null;
      });
      const nonces = pageNonces(reply);
      const context = new RouterContextProvider();
      context.set(requestContext, {
        site,
        language: pageLanguage(request),
        signedIn: signedInOf(request),
        nonce: nonces.script,
        styleNonce: nonces.style,
        storePage: storePage?.(request, nonces),
        submitLead: (input: ApplyBody) =>
          submitLead(options.db, input, {
            site,
            language: pageLanguage(request),
            ip: request.ip,
            userAgent: String(request.headers["user-agent"] ?? ""),
            now: options.now(),
            ...(options.mail
              ? {
                  mail: {
                    outbox: options.mail,
                    consoleOrigin: (siteId: number | null) =>
                      siteOrigin(options.db, siteId, request, { console: true }),
                  },
                }
              : {}),
          }),
        contacts: () => loadContacts(options.db, site?.contacts),
        catalogue: () => options.priceLists.forCurrency(site?.currency),
        onlinePayMethods: options.onlinePayMethods ?? [],
        ...(options.help ? { help: helpReader(options.help, request, site?.siteId ?? null, options.now) } : {}),
      });
      return context;
    },
  });
}
