import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ServiceUnavailableError } from "./errors.ts";
import type { RequestsInFlight } from "./requests-in-flight.ts";

/** Answered whatever the load: a balancer must be able to ask how the process is. */
const ALWAYS_ANSWERED = new Set(["/prod-api/health", "/prod-api/health/ready", "/metrics"]);

/**
 * Beyond `limit` requests in progress, a new one is answered 503 at once with Retry-After (the
 * errors plugin adds it), in the caller's language, instead of joining a queue without end: under a
 * flood the requests taken are answered in reasonable time, the others can go to another process
 * or come back, and the health checks are still answered quickly. Built assets are exempt too (they
 * cost nothing and a page half-loaded is worse than a page refused).
 *
 * Decided where the request is counted (RequestsInFlight's preHandler, which runs just before this
 * one, with no await between them). The check used to come first, when the request was read: the
 * requests of kept-alive connections read in one turn of the loop all passed it while the ones
 * before them were still being authenticated, uncounted, and a burst was admitted whole.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, { inFlight, limit }: { inFlight: RequestsInFlight; limit: number }) => {
    app.addHook("preHandler", (request, _reply, done) => {
      // This request is counted already.
      if (inFlight.count <= limit) return done();
      const path = request.url.split("?", 1)[0]!;
      if (ALWAYS_ANSWERED.has(path) || path.startsWith("/assets/")) return done();
      done(new ServiceUnavailableError("server_busy"));
    });
  },
  { name: "load-shedding", dependencies: ["errors", "requests-in-flight"] },
);
