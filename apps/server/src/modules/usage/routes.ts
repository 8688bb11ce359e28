import { Ok, USAGE_BATCH_LIMIT, UsageTarget } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok } from "../../http/envelope.ts";
import { AppError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { anyBody, platformRoute } from "../webhooks/platform-request.ts";
import { acceptUsageBatch, type UsageIngestDeps } from "./usage-ingest.ts";
import { usageTargets } from "./usage-targets.ts";

/**
 * A batch of USAGE_BATCH_LIMIT entries is about 400 bytes a bucket (a top list of 50 URLs a few
 * kilobytes): 4 MB leaves room for long domains and URLs without taking anything unbounded.
 */
export const USAGE_BODY_LIMIT = Math.max(4 * 1024 * 1024, USAGE_BATCH_LIMIT * 4096);

/** A batch (or a targets request) that is not a JSON object naming its endpoint; a sender not proven. */
const USAGE_REFUSALS = { invalid: "usage_batch_invalid", signature: "usage_batch_signature" } as const;

/** The platform's figures: POST /prod-api/platform/usage, signed over its exact bytes (kept as they came). */
export async function usageRoutes(app: FastifyInstance, deps: UsageIngestDeps) {
  app.get(
    "/prod-api/business/usage/targets",
    {
      config: { access: { permission: "business:service:list" } },
      schema: { response: { 200: Ok(Type.Array(UsageTarget)) } },
    },
    async (request) => ok(request, await usageTargets(deps.db, siteScopeOf(principalOf(request)))),
  );
  // The same list as the platform asks for it, signed with an endpoint's secret (no operator's
  // session): the services of the endpoint's site, or all of them for an endpoint of no site.
  const platform = { form: anyBody, refusals: USAGE_REFUSALS };
  await platformRoute(
    app,
    deps,
    { ...platform, path: "/prod-api/platform/usage/targets", bodyLimit: 1024 },
    async (request, { signer }) => ok(request, await usageTargets(deps.db, signer.endpoint.siteId)),
  );
  // The batch's form is checked by acceptUsageBatch, which names its first bad entry.
  await platformRoute(
    app,
    deps,
    { ...platform, path: "/prod-api/platform/usage", bodyLimit: USAGE_BODY_LIMIT },
    async (request, signed) => {
      const result = await acceptUsageBatch(deps, signed);
      if (!result.ok) {
        const entry = "entry" in result ? result.entry : undefined;
        request.log.warn({ refusal: result.refusal, entry }, "usage batch refused");
        throw new AppError(
          result.status,
          result.refusal,
          "entry" in result ? { entry: result.entry, problem: result.problem } : {},
        );
      }
      return { code: 200, msg: translate(request.language, "webhook_callback_taken"), data: result.taken };
    },
  );
}
