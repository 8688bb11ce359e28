import { type Static, Type } from "typebox";
import { Id, SingleLine } from "./field-kinds.ts";

/**
 * What a package is doing, as the provider's platform reports it (issue 40): 5-minute buckets of
 * traffic, requests and attacks per service (and per domain where it applies), daily top lists and
 * attack events, sent in signed batches to POST /prod-api/platform/usage.
 */

/** The platform's figures come in 5-minute buckets: a bucket starts on a multiple of 300 seconds. */
export const USAGE_BUCKET_SECONDS = 300;
/** At most this many entries (buckets, top lists and attack events together) in one batch. */
export const USAGE_BATCH_LIMIT = 1000;
/** A bucket may start this far in the future of Rampart's clock (the platform's clock may run ahead). */
export const USAGE_FUTURE_SKEW_SECONDS = 300;
/** Entries of one daily top list. */
export const USAGE_TOP_LIMIT = 50;

/**
 * The figures of a bucket that add up over time (a day's traffic is the sum of its buckets'),
 * by their names on the wire. `peakBps` is the one that does not: an hour's peak is the highest of
 * its buckets' peaks.
 */
export const USAGE_SUMS = [
  "bytesOut",
  "bytesOrigin",
  "requests",
  "cachedRequests",
  "cachedBytes",
  "status2xx",
  "status3xx",
  "status4xx",
  "status5xx",
  "wafBlocked",
  "ddosBytes",
  "ddosPackets",
] as const;
export type UsageSum = (typeof USAGE_SUMS)[number];

/** A count or a rate: a whole number of 0 or more (bytes, requests, bits per second). */
const Count = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

/** One service's (or one of its domains') 5-minute bucket. */
export const UsageBucketEntry = Type.Object(
  {
    serviceId: Type.Integer({ minimum: 1 }),
    /**
     * The domain these figures are for, a breakdown of the service's; absent or empty: the whole
     * service, all its domains and addresses together (what is shown first, alerted and billed;
     * peaks do not add up, so the platform sends the whole service's figures as well).
     */
    domain: Type.Optional(SingleLine({ maxLength: 253 })),
    /** The bucket's start, in seconds since 1970 (a multiple of 300). */
    at: Type.Integer({ minimum: 0 }),
    bytesOut: Count("bytes sent to visitors"),
    bytesOrigin: Count("bytes fetched from the origin"),
    requests: Count("requests answered"),
    cachedRequests: Count("requests answered from the cache"),
    cachedBytes: Count("bytes answered from the cache"),
    status2xx: Count("answers with a 2xx status"),
    status3xx: Count("answers with a 3xx status"),
    status4xx: Count("answers with a 4xx status"),
    status5xx: Count("answers with a 5xx status"),
    peakBps: Count("the bucket's peak bandwidth to visitors, bits per second"),
    wafBlocked: Count("requests the WAF blocked"),
    ddosBytes: Count("attack bytes mitigated"),
    ddosPackets: Count("attack packets mitigated"),
  },
  { additionalProperties: false },
);
export type UsageBucketEntry = Static<typeof UsageBucketEntry>;

export const USAGE_TOP_KINDS = ["country", "url", "client", "referrer", "status"] as const;
export type UsageTopKind = (typeof USAGE_TOP_KINDS)[number];

/** A day's top list of one kind for a service; a second one for the same day and kind replaces it. */
export const UsageTopEntry = Type.Object(
  {
    serviceId: Type.Integer({ minimum: 1 }),
    /** The day in UTC, YYYY-MM-DD. */
    day: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
    kind: Type.Union([
      Type.Literal("country"),
      Type.Literal("url"),
      Type.Literal("client"),
      Type.Literal("referrer"),
      Type.Literal("status"),
    ]),
    items: Type.Array(
      Type.Object(
        {
          /** A country code, a URL, an address, a referrer or a status code. */
          key: SingleLine({ minLength: 1, maxLength: 2000 }),
          requests: Count("requests"),
          bytes: Count("bytes to visitors"),
        },
        { additionalProperties: false },
      ),
      { maxItems: USAGE_TOP_LIMIT },
    ),
  },
  { additionalProperties: false },
);
export type UsageTopEntry = Static<typeof UsageTopEntry>;

export const ATTACK_ACTIONS = ["scrubbed", "blackholed", "challenged"] as const;
export type AttackAction = (typeof ATTACK_ACTIONS)[number];

/**
 * An attack on a service: opened when it starts (no `endedAt`), closed by a second message with
 * the same `attackId` and its end; a later message about the same attack replaces the earlier.
 */
export const AttackEntry = Type.Object(
  {
    serviceId: Type.Integer({ minimum: 1 }),
    /** The platform's own id of the attack. */
    attackId: SingleLine({ minLength: 1, maxLength: 100 }),
    /** Seconds since 1970. */
    startedAt: Type.Integer({ minimum: 0 }),
    /** Seconds since 1970; absent or null while the attack goes on. */
    endedAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
    /** The domain or address attacked. */
    target: SingleLine({ minLength: 1, maxLength: 253 }),
    /** SYN flood, UDP amplification, HTTP flood… as the platform names it. */
    vector: SingleLine({ minLength: 1, maxLength: 100 }),
    peakBps: Count("the attack's peak, bits per second"),
    peakPps: Count("the attack's peak, packets per second"),
    action: Type.Union([Type.Literal("scrubbed"), Type.Literal("blackholed"), Type.Literal("challenged")]),
  },
  { additionalProperties: false },
);
export type AttackEntry = Static<typeof AttackEntry>;

/**
 * POST /prod-api/platform/usage: one batch from the provider's platform, signed with the endpoint's
 * secret as the provisioning callback is (Standard Webhooks headers). All of it is kept, or none.
 */
export const UsageBatchBody = Type.Object(
  {
    /** The endpoint (System → Webhooks) whose secret signs this batch. */
    webhookId: Id(),
    buckets: Type.Optional(Type.Array(UsageBucketEntry)),
    tops: Type.Optional(Type.Array(UsageTopEntry)),
    attacks: Type.Optional(Type.Array(AttackEntry)),
  },
  { additionalProperties: false },
);
export type UsageBatchBody = Static<typeof UsageBatchBody>;

/** What a batch was answered: how many of each were kept. */
export interface UsageBatchTaken {
  buckets: number;
  tops: number;
  attacks: number;
}

/**
 * GET /prod-api/business/usage/targets (operators, `business:service:list`): the services the
 * platform reports figures for, as it knows them (for a stand-in platform: `rampart simulate-platform`).
 */
export const UsageTarget = Type.Object({
  serviceId: Type.Integer(),
  product: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  /** The bandwidth bought, Mbps (0 for a product not sold by bandwidth). */
  committedMbps: Type.Number(),
  domains: Type.Array(Type.String()),
});
export type UsageTarget = Static<typeof UsageTarget>;
