import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import fp from "fastify-plugin";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { API_PREFIX } from "./api-paths.ts";
import { AppError } from "./errors.ts";

/**
 * Unknown `/prod-api/*` paths get a JSON 404, and a known path asked with the wrong method gets a
 * JSON 405 with `Allow`, never the web app's HTML page. Registered routes are mirrored into a
 * method index so that "which methods does this URL accept" can be answered.
 */
export const apiNotFoundPlugin = fp(
  async (app: FastifyInstance) => {
    // The routes are noted as they are added; the index is built on the first unknown path (a
    // router of its own for some 300 routes was a tenth of the routes' registration at start).
    const routes: { method: HTTPMethod; url: string }[] = [];
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(`${API_PREFIX}/`) || route.url.includes("*")) return;
      for (const method of ([] as HTTPMethods[]).concat(route.method) as HTTPMethod[])
        routes.push({ method, url: route.url });
    });
    let index: ReturnType<typeof FindMyWay> | undefined;
    const methodIndex = () => {
      if (!index) {
        index = FindMyWay();
        for (const { method, url } of routes) if (!index.hasRoute(method, url)) index.on(method, url, () => {});
      }
      return index;
    };

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split("?")[0] ?? request.url;
      const allowed = ["GET", "POST", "PUT", "DELETE", "PATCH"].filter((m) =>
        methodIndex().find(m as HTTPMethod, path),
      );
      if (allowed.length > 0 && request.method !== "OPTIONS") {
        reply.header("allow", allowed.join(", "));
        throw new AppError(405, "method_not_allowed", { method: request.method, path, allowed: allowed.join(", ") });
      }
      throw new AppError(404, "api_not_found", { method: request.method, path });
    };
    // More specific than the web app's catch-all, so API paths never reach the HTML renderer.
    app.all(`${API_PREFIX}/*`, handler);
    app.all(API_PREFIX, handler);
    app.setNotFoundHandler(handler);
  },
  { name: "api-not-found", dependencies: ["errors"] },
);
