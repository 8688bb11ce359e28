import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Refused platform requests one address may send in a minute; past them it is answered 429. */
export const PLATFORM_REFUSALS_PER_MINUTE = 30;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Counts a platform request refused before its sender was proven (unsigned, stale, forged, an
     * unknown or disabled endpoint): the seconds its address must wait once past the limit, else null.
     */
    countPlatformRefusal: (request: FastifyRequest) => Promise<number | null>;
  }
}

/**
 * One count of refusals per client address for every platform route together (the provisioning
 * callback, a certificate's key, purge answers, usage batches and targets), kept by the server's
 * rate limiter (@fastify/rate-limit): in PostgreSQL across every process, in memory on the embedded
 * database (http/rate-limit-store.ts). Only refusals are counted, so a properly signed request is
 * never held back by it. A count that cannot be kept (the database gone a moment) leaves the
 * refusal a 401.
 */
export const platformRefusalsPlugin = fp(
  async (app: FastifyInstance) => {
    const count = app.createRateLimit({
      max: PLATFORM_REFUSALS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `platform-refused:${normalizeIP(request.ip)}`,
      skipOnError: true,
    });
    app.decorate("countPlatformRefusal", async (request: FastifyRequest) => {
      const counted = await count(request);
      return !counted.isAllowed && counted.isExceeded ? Math.max(1, counted.ttlInSeconds) : null;
    });
  },
  { name: "platform-refusals", dependencies: ["@fastify/rate-limit"] },
);
