import { OrderNo, PurgeBody } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { CALLBACK_REFUSALS, platformRoute } from "../webhooks/platform-request.ts";
import { acceptPurgeCallback, isPurgeCallback } from "./purge-callback.ts";
import { listPurges, type PurgeDeps, requestPurge } from "./purges.ts";

const ServiceParams = Type.Object({ orderNo: OrderNo() });
type Service = { Params: { orderNo: string } };
/** Purges asked for by hand: a few a minute per client (the daily quota counts the entries). */
const BY_HAND = { max: 20, timeWindow: "1 minute" };

/**
 * A package's cache purges and prefetches, its owner's only (asked for, listed with their state),
 * and the platform's signed answer to each.
 */
export async function purgeRoutes(app: FastifyInstance, deps: PurgeDeps & { seal: SecretSeal }) {
  const signedIn = { access: "signed-in" as const };
  const base = "/prod-api/control/services/:orderNo/purges";

  app.get<Service>(base, { config: signedIn, schema: { params: ServiceParams } }, async (request) =>
    ok(request, await listPurges(deps, principalOf(request).userId, request.params.orderNo)),
  );

  app.post<Service & { Body: PurgeBody }>(
    base,
    { config: { ...signedIn, rateLimit: BY_HAND }, schema: { params: ServiceParams, body: PurgeBody } },
    async (request) => {
      const purge = await requestPurge(deps, principalOf(request).userId, request.params.orderNo, request.body);
      const msg = translate(request.language, request.body.kind === "purge" ? "purge_taken" : "prefetch_taken");
      return { ...ok(request, purge), msg };
    },
  );

  // The platform's answer is signed over its exact bytes: this route keeps them as they came.
  const answer = {
    path: "/prod-api/platform/purge-callback",
    bodyLimit: 16 * 1024,
    form: isPurgeCallback,
    refusals: CALLBACK_REFUSALS,
  };
  await platformRoute(app, deps, answer, async (request, signed) => {
    const result = await acceptPurgeCallback(deps.db, signed, deps.now());
    if (!result.ok) {
      request.log.warn({ refusal: result.refusal }, "purge callback refused");
      throw new AppError(result.status, result.refusal);
    }
    return { code: 200, msg: translate(request.language, "webhook_callback_taken") };
  });
}
