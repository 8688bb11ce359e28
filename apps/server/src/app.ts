import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { apiNotFoundPlugin } from "./http/api-not-found.ts";
import { errorsPlugin } from "./http/errors.ts";
import { gracefulClosePlugin } from "./http/graceful-close.ts";
import { languagePlugin } from "./http/language.ts";
import { securityHeadersPlugin } from "./http/security-headers.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { siteRoutes } from "./modules/sites/routes.ts";
import { SiteDirectory } from "./modules/sites/site-directory.ts";
import { webAppPlugin } from "./web-app.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: Pick<Config, "logLevel" | "siteCacheTtlMs" | "env"> & Partial<Pick<Config, "pageCacheTtlMs">>;
  database: Database;
  /** Serve the web app's server rendering and assets (needs `npm run build`); off in API tests. */
  webApp?: boolean;
}

/** Builds the whole server: used by main.ts and by every test. */
export async function buildApp({ config, database, webApp = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] },
    // Refusals and failures are logged by the error handler; a line per request is noise.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    trustProxy: false,
  });

  // Cross-cutting, in order: who is asking (language), how errors travel, headers, compression.
  await app.register(gracefulClosePlugin);
  await app.register(cookie);
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(apiNotFoundPlugin);

  const sites = new SiteDirectory(database, config.siteCacheTtlMs);
  await sites.start();
  app.addHook("onClose", () => sites.stop());

  // The API, one module at a time.
  await app.register(healthRoutes, { database });
  await app.register(siteRoutes, { sites });

  if (webApp) {
    await app.register(webAppPlugin, { sites, mode: config.env, pageCacheTtlMs: config.pageCacheTtlMs ?? 0 });
  }
  return app;
}
