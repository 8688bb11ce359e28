import { PurgeCallbackBody } from "@rampart/contracts";
import { Ajv } from "ajv";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizCachePurge, bizService } from "../../db/schema.ts";
import { type SignedRequest, takeOnce } from "../webhooks/platform-request.ts";
import { finishPurge } from "./purges.ts";

/** The answer's form, checked once its signature verifies. */
export const isPurgeCallback = new Ajv({ allErrors: false }).compile<PurgeCallbackBody>(PurgeCallbackBody);

export type PurgeCallbackRefusal = "webhook_callback_replayed" | "purge_missing" | "purge_finished";

type Refused = { ok: false; status: 404 | 409; refusal: PurgeCallbackRefusal };

/**
 * The platform's word on a purge or prefetch (POST /prod-api/platform/purge-callback), taken as the
 * provisioning callback is: signed with an enabled endpoint's secret (platform-request.ts proves
 * it), taken once (its `webhook-id` is kept: a replay is refused), about a request of a package of
 * the endpoint's site, still pending. Marks it done or failed with the platform's message. Anything
 * refused changes nothing.
 */
export async function acceptPurgeCallback(
  db: Db,
  { signer, body }: SignedRequest<PurgeCallbackBody>,
  now: Date,
): Promise<{ ok: true; purgeId: number } | Refused> {
  const { endpoint } = signer;
  const [purge] = await db
    .select({ purgeId: bizCachePurge.purgeId, siteId: bizService.siteId })
    .from(bizCachePurge)
    .innerJoin(bizService, eq(bizService.serviceId, bizCachePurge.serviceId))
    .where(eq(bizCachePurge.purgeId, body.purgeId));
  if (!purge || (endpoint.siteId !== null && purge.siteId !== endpoint.siteId))
    return { ok: false, status: 404, refusal: "purge_missing" };
  try {
    return await db.transaction(async (tx): Promise<{ ok: true; purgeId: number } | Refused> => {
      if (!(await takeOnce(tx, signer, now))) return { ok: false, status: 409, refusal: "webhook_callback_replayed" };
      // An answer to a request already answered keeps nothing, its id neither.
      if (!(await finishPurge(tx, purge.purgeId, body, now))) throw ALREADY_ANSWERED;
      return { ok: true, purgeId: purge.purgeId };
    });
  } catch (error) {
    if (error === ALREADY_ANSWERED) return { ok: false, status: 409, refusal: "purge_finished" };
    throw error;
  }
}

/** Thrown inside the callback's transaction to undo it: the request was answered before. */
const ALREADY_ANSWERED = new Error("the purge was already answered");
