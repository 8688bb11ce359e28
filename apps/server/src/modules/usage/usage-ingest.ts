import { USAGE_BUCKET_SECONDS, type UsageBatchBody, type UsageBatchTaken } from "@rampart/contracts";
import type { Db } from "../../db/client.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { type PlatformBody, type PlatformSigner, type SignedRequest, takeOnce } from "../webhooks/platform-request.ts";
import { keepUsageBatch } from "./keep-usage-batch.ts";
import { type BatchProblem, formProblem, serviceProblem } from "./usage-batch-check.ts";
import { ensureUsagePartitions, forgetUsagePartitions, isMissingPartition } from "./usage-partitions.ts";
import { usageRetention } from "./usage-settings.ts";

export type UsageRefusal =
  | { status: 409; refusal: "usage_batch_replayed" }
  | ({ refusal: "usage_batch_entry" } & BatchProblem);

export interface UsageIngestDeps {
  db: Db;
  seal: SecretSeal;
  now: () => Date;
}

/** The UTC span of a batch's buckets, for their months' partitions. */
function bucketSpan(batch: UsageBatchBody): [Date, Date] | null {
  const times = (batch.buckets ?? []).map((bucket) => bucket.at);
  if (times.length === 0) return null;
  let from = times[0]!;
  let to = from;
  for (const at of times) {
    from = Math.min(from, at);
    to = Math.max(to, at);
  }
  return [new Date(from * 1000), new Date((to + USAGE_BUCKET_SECONDS - 1) * 1000)];
}

/**
 * A batch of the platform's figures (POST /prod-api/platform/usage): signed with an enabled
 * endpoint's secret (platform-request.ts proves it), taken once (its `webhook-id` is kept: a replay
 * is refused), of the expected form (the first bad entry named), about services of the endpoint's
 * site. Kept whole in one transaction, or, refused, not at all.
 */
export async function acceptUsageBatch(
  deps: UsageIngestDeps,
  { signer, body }: SignedRequest<PlatformBody>,
): Promise<{ ok: true; taken: UsageBatchTaken } | ({ ok: false } & UsageRefusal)> {
  const now = deps.now();
  const { keep5mDays } = await usageRetention(deps.db);
  const problem =
    formProblem(body, now, keep5mDays) ??
    (await serviceProblem(deps.db, body as UsageBatchBody, signer.endpoint.siteId));
  if (problem) return { ok: false, refusal: "usage_batch_entry", ...problem };
  const batch = body as UsageBatchBody;
  try {
    return await keepOnce(deps, batch, signer, now);
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    forgetUsagePartitions(deps.db);
    return keepOnce(deps, batch, signer, now);
  }
}

/** The batch kept in one transaction, its months' partitions made first; refused if its id was taken. */
async function keepOnce(deps: UsageIngestDeps, batch: UsageBatchBody, signer: PlatformSigner, now: Date) {
  const span = bucketSpan(batch);
  if (span) await ensureUsagePartitions(deps.db, span[0], span[1]);
  return deps.db.transaction(async (tx) => {
    if (!(await takeOnce(tx, signer, now)))
      return { ok: false as const, status: 409 as const, refusal: "usage_batch_replayed" as const };
    const kept = await keepUsageBatch(tx, batch, now);
    return { ok: true as const, taken: kept.taken };
  });
}
