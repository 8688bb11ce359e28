import { USAGE_BATCH_LIMIT, USAGE_BUCKET_SECONDS, USAGE_FUTURE_SKEW_SECONDS, UsageBatchBody } from "@rampart/contracts";
import { Ajv, type ErrorObject } from "ajv";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizService } from "../../db/schema.ts";
import { USAGE_PROBLEMS, type UsageProblem } from "./usage-batch-problems.ts";

const validBatch = new Ajv({ allErrors: false, verbose: true }).compile<UsageBatchBody>(UsageBatchBody);

/** The first thing wrong with a batch: the entry it is in ("buckets[17]", "tops[2].items[4].key") and why. */
export interface BatchProblem {
  status: 400 | 403;
  entry: string;
  problem: UsageProblem;
}

/** How many entries a batch holds (buckets, top lists and attack events together). */
export function entriesOf(body: UsageBatchBody): number {
  return (body.buckets?.length ?? 0) + (body.tops?.length ?? 0) + (body.attacks?.length ?? 0);
}

/** "/buckets/17/bytesOut" → "buckets[17].bytesOut". */
function entryName(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join("")
    .replace(/^\./, "");
}

function schemaProblem(error: ErrorObject): BatchProblem {
  const entry = entryName(error.instancePath) || "batch";
  const limit = error.params.limit as number;
  const problem = (() => {
    switch (error.keyword) {
      case "type":
        if (typeof error.data === "number" && !Number.isFinite(error.data)) return USAGE_PROBLEMS.tooLarge();
        return error.params.type === "integer" ? USAGE_PROBLEMS.notWhole() : USAGE_PROBLEMS.malformed();
      case "minimum":
        return limit === 0 ? USAGE_PROBLEMS.negative() : USAGE_PROBLEMS.malformed();
      case "maximum":
        return USAGE_PROBLEMS.tooLarge();
      case "required":
        return USAGE_PROBLEMS.missing(String(error.params.missingProperty));
      case "additionalProperties":
        return USAGE_PROBLEMS.unknownField(String(error.params.additionalProperty));
      case "anyOf":
      case "const":
      case "enum":
        return USAGE_PROBLEMS.notAccepted();
      case "maxItems":
        return USAGE_PROBLEMS.tooMany(limit);
      default:
        return USAGE_PROBLEMS.malformed();
    }
  })();
  return { status: 400, entry, problem };
}

/**
 * The batch's form (the contract's schema, the batch limit) and its times: buckets on a 5-minute
 * boundary, not beyond the skew in the future nor older than the 5-minute figures are kept; an
 * attack neither in the future nor ending before it starts; top lists' days real days. The first problem, or null.
 */
export function formProblem(body: unknown, now: Date, keep5mDays: number): BatchProblem | null {
  const entries = body && typeof body === "object" ? entriesOf(body as UsageBatchBody) : 0;
  if (entries > USAGE_BATCH_LIMIT)
    return { status: 400, entry: "batch", problem: USAGE_PROBLEMS.tooMany(USAGE_BATCH_LIMIT) };
  if (!validBatch(body)) return schemaProblem(validBatch.errors![0]!);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const oldest = nowSeconds - keep5mDays * 86_400;
  for (const [i, bucket] of (body.buckets ?? []).entries()) {
    const entry = `buckets[${i}]`;
    if (bucket.at % USAGE_BUCKET_SECONDS !== 0) return { status: 400, entry, problem: USAGE_PROBLEMS.notOnBoundary() };
    if (bucket.at > nowSeconds + USAGE_FUTURE_SKEW_SECONDS)
      return { status: 400, entry, problem: USAGE_PROBLEMS.inFuture(USAGE_FUTURE_SKEW_SECONDS) };
    if (bucket.at < oldest) return { status: 400, entry, problem: USAGE_PROBLEMS.pastRetention(keep5mDays) };
  }
  for (const [i, top] of (body.tops ?? []).entries()) {
    const day = new Date(`${top.day}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== top.day)
      return { status: 400, entry: `tops[${i}].day`, problem: USAGE_PROBLEMS.malformed() };
  }
  for (const [i, attack] of (body.attacks ?? []).entries()) {
    const entry = `attacks[${i}]`;
    if (Math.max(attack.startedAt, attack.endedAt ?? 0) > nowSeconds + USAGE_FUTURE_SKEW_SECONDS)
      return { status: 400, entry, problem: USAGE_PROBLEMS.attackInFuture(USAGE_FUTURE_SKEW_SECONDS) };
    if (attack.endedAt != null && attack.endedAt < attack.startedAt)
      return { status: 400, entry, problem: USAGE_PROBLEMS.endsBeforeStart() };
  }
  return null;
}

/**
 * The batch's services: each must exist and, when the endpoint is bound to a site, be that
 * site's. The first entry about a service that is not, or null.
 */
export async function serviceProblem(
  db: Db,
  body: UsageBatchBody,
  siteId: number | null,
): Promise<BatchProblem | null> {
  const entries: [string, number][] = [
    ...(body.buckets ?? []).map((entry, i): [string, number] => [`buckets[${i}]`, entry.serviceId]),
    ...(body.tops ?? []).map((entry, i): [string, number] => [`tops[${i}]`, entry.serviceId]),
    ...(body.attacks ?? []).map((entry, i): [string, number] => [`attacks[${i}]`, entry.serviceId]),
  ];
  const ids = [...new Set(entries.map(([, id]) => id))];
  if (ids.length === 0) return null;
  const rows = await db
    .select({ serviceId: bizService.serviceId, siteId: bizService.siteId })
    .from(bizService)
    .where(inArray(bizService.serviceId, ids));
  const siteOf = new Map(rows.map((row) => [row.serviceId, row.siteId]));
  for (const [entry, serviceId] of entries) {
    if (!siteOf.has(serviceId)) return { status: 400, entry, problem: USAGE_PROBLEMS.unknownService(serviceId) };
    if (siteId !== null && siteOf.get(serviceId) !== siteId)
      return { status: 403, entry, problem: USAGE_PROBLEMS.otherSite(serviceId) };
  }
  return null;
}
