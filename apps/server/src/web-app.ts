import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { LANGUAGE_COOKIE, resolveLanguage } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { preferredLanguageTags } from "./http/language.ts";
import type { SiteDirectory } from "./modules/sites/site-directory.ts";

const require = createRequire(import.meta.url);
const webDir = dirname(require.resolve("@rampart/web/package.json"));

export class WebBuildMissingError extends Error {
  override name = "WebBuildMissingError";
}

/**
 * Serves the React Router app on the same port as the API: built assets with long-lived caching,
 * and every other path rendered on the server with the request's site and language already known.
 */
export async function webAppPlugin(app: FastifyInstance, options: { sites: SiteDirectory; mode: string }) {
  const serverBuildPath = join(webDir, "build/server/index.js");
  if (!existsSync(serverBuildPath)) {
    throw new WebBuildMissingError(`The web app is not built (${serverBuildPath} is missing): run \`npm run build\`.`);
  }
  const build = await import("@rampart/web/server-build");
  // The same context key instance as the loaders read (it lives in the server build).
  const { requestContext } = build.entry.module;

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
      const language = resolveLanguage(
        request.cookies[LANGUAGE_COOKIE],
        preferredLanguageTags(request.headers["accept-language"]),
      );
      const context = new RouterContextProvider();
      context.set(requestContext, {
        site,
        language,
        nonce: reply.cspNonce?.script ?? "",
        styleNonce: reply.cspNonce?.style ?? "",
      });
      return context;
    },
  });
}
