import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { brandingOf } from "./shared/branding/branding";
import { type AntdHandle, type PageCacheHandle, type PaintFirstHandle, requestContext } from "./shared/request-context";
import { hydrateAfterPaint } from "./site/hydrate-after-paint.server";

// The Fastify server sets the request context with this very key (see apps/server/src/web-app.ts).
export { requestContext };

export const streamTimeout = 5_000;

// One antd style cache per theme colour: the same styles for every request of a site, and four
// times the throughput of a new cache per request (STACK-NOTES, pitfall 9).
const styleCaches = new Map<string, ReturnType<typeof createCache>>();
function styleCacheFor(themeColor: string) {
  let cache = styleCaches.get(themeColor);
  if (!cache) {
    cache = createCache();
    styleCaches.set(themeColor, cache);
  }
  return cache;
}

const usesAntd = (routerContext: EntryContext) =>
  routerContext.staticHandlerContext.matches.some((match) => (match.route.handle as AntdHandle | undefined)?.antd);

/**
 * A public page: the deepest route that says opts in to the page cache (the same for every
 * visitor of a host and language); /payOrder, /paySuccess and /upgrade opt out under the site's
 * layout.
 */
const isPublicPage = (routerContext: EntryContext) =>
  routerContext.staticHandlerContext.matches
    .map((match) => (match.route.handle as PageCacheHandle | undefined)?.pageCache)
    .findLast((pageCache) => pageCache !== undefined) === true;

/** A page whose scripts wait for its first paint (the login pages; every public page does too). */
const paintsFirst = (routerContext: EntryContext) =>
  routerContext.staticHandlerContext.matches.some(
    (match) => (match.route.handle as PaintFirstHandle | undefined)?.paintFirst === true,
  );

/** A page the server may keep: a public page that succeeded and sets no cookie. */
function isCacheable(status: number, headers: Headers, routerContext: EntryContext): boolean {
  return status === 200 && !headers.has("Set-Cookie") && isPublicPage(routerContext);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, styleNonce, storePage, site, signedIn } = loadContext.get(requestContext);
  // A route's own word that this answer is not to be kept (a search's results).
  const routeSaysNoStore = /no-store/.test(responseHeaders.get("Cache-Control") ?? "");
  // What a browser or a proxy may keep: a public page of a visitor without a session; the rest is
  // this visitor's alone. The page differs by the session cookie and the language either way.
  if (signedIn || !isPublicPage(routerContext)) responseHeaders.set("Cache-Control", "private, no-store");
  responseHeaders.set("Vary", "Cookie, Accept-Language");
  const keep =
    storePage !== undefined && !routeSaysNoStore && isCacheable(responseStatusCode, responseHeaders, routerContext);
  const styleCache = usesAntd(routerContext) ? styleCacheFor(brandingOf(site).themeColor) : undefined;
  // Crawlers, public pages and antd pages (their styles go into the head) get the whole document at
  // once; people get the rest streamed as soon as the shell is ready.
  const publicPage = isPublicPage(routerContext);
  const paintFirst = publicPage || paintsFirst(routerContext);
  const whole =
    keep ||
    paintFirst ||
    styleCache !== undefined ||
    isbot(request.headers.get("user-agent")) ||
    routerContext.isSpaMode;
  const app = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      styleCache ? (
        <StyleProvider cache={styleCache} hashPriority="high">
          {app}
        </StyleProvider>
      ) : (
        app
      ),
      {
        nonce,
        [whole ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!whole) {
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
            pipe(body);
            return;
          }
          pipe(body);
          text(body).then((rendered) => {
            let html = paintFirst ? hydrateAfterPaint(rendered) : rendered;
            if (styleCache) {
              const styles = extractStyle(styleCache).replaceAll("<style", `<style nonce="${styleNonce}"`);
              html = html.replace("</head>", `${styles}</head>`);
            }
            if (keep && responseStatusCode === 200) storePage(html, Object.fromEntries(responseHeaders));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
