import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { type PageCacheHandle, requestContext } from "./shared/request-context";

// The Fastify server sets the request context with this very key (see apps/server/src/web-app.ts).
export { requestContext };

export const streamTimeout = 5_000;

/** A page the server may keep: its route opts in, it succeeded and it sets no cookie. */
function isCacheable(status: number, headers: Headers, routerContext: EntryContext): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  return routerContext.staticHandlerContext.matches.some(
    (match) => (match.route.handle as PageCacheHandle | undefined)?.pageCache === true,
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, storePage } = loadContext.get(requestContext);
  const keep = storePage !== undefined && isCacheable(responseStatusCode, responseHeaders, routerContext);
  // Crawlers and pages the server keeps get the whole document at once; people get the rest
  // streamed as soon as the shell is ready.
  const readyEvent =
    keep || isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (keep && responseStatusCode === 200) {
            pipe(body);
            text(body).then((html) => {
              storePage(html, Object.fromEntries(responseHeaders));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            }, reject);
            return;
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
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
