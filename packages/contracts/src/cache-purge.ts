import { type Static, Type } from "typebox";
import { Id, SingleLine } from "./field-kinds.ts";

/**
 * Purging a package's cache and warming it (issue 40): the customer asks, Rampart checks the names
 * belong to the package and counts them against its daily quota, the platform hears of it
 * (`cache.purge`, `cache.prefetch`) and answers with a signed callback.
 */

export const PURGE_KINDS = ["purge", "prefetch"] as const;
export type PurgeKind = (typeof PURGE_KINDS)[number];
/** What a purge clears: given URLs, everything under given directories, or a whole domain. Prefetch takes URLs. */
export const PURGE_SCOPES = ["urls", "directories", "everything"] as const;
export type PurgeScope = (typeof PURGE_SCOPES)[number];
export const PURGE_STATES = ["pending", "done", "failed"] as const;
export type PurgeState = (typeof PURGE_STATES)[number];
/** Entries of one request. */
export const PURGE_TARGETS_LIMIT = 100;

/** POST /prod-api/control/services/{orderNo}/purges */
export const PurgeBody = Type.Object(
  {
    kind: Type.Unsafe<PurgeKind>(Type.Union(PURGE_KINDS.map((kind) => Type.Literal(kind)))),
    scope: Type.Unsafe<PurgeScope>(Type.Union(PURGE_SCOPES.map((scope) => Type.Literal(scope)))),
    /** URLs (https://www.example.com/a.css), directories (https://www.example.com/img/) or domain names. */
    targets: Type.Array(SingleLine({ minLength: 1, maxLength: 2000 }), { minItems: 1, maxItems: PURGE_TARGETS_LIMIT }),
  },
  { additionalProperties: false },
);
export type PurgeBody = Static<typeof PurgeBody>;

export const PurgeView = Type.Object({
  purgeId: Type.Integer(),
  kind: Type.String(),
  scope: Type.String(),
  targets: Type.Array(Type.String()),
  state: Type.String(),
  /** The platform's word when it failed (or what it did). */
  message: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type PurgeView = Static<typeof PurgeView>;

/** GET /prod-api/control/services/{orderNo}/purges: the latest requests and today's quota. */
export interface PurgeListView {
  purges: PurgeView[];
  /** Entries counted today (the site's day) against the package's daily quota. */
  quota: { used: number; limit: number };
}

/** POST /prod-api/platform/purge-callback: the platform's word on a purge or prefetch, signed like the provisioning callback. */
export const PurgeCallbackBody = Type.Object(
  {
    webhookId: Id(),
    purgeId: Type.Integer({ minimum: 1 }),
    status: Type.Union([Type.Literal("done"), Type.Literal("failed")]),
    message: Type.Optional(SingleLine({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type PurgeCallbackBody = Static<typeof PurgeCallbackBody>;

/** What the product's 100 % usage setting may say (`sys.usage.<product>.atFull`). */
export const USAGE_FULL_ACTIONS = ["notify", "upgrade", "throttle"] as const;
export type UsageFullAction = (typeof USAGE_FULL_ACTIONS)[number];

/** The setting of what a product's packages do at 100 % of their bandwidth (System → Settings). */
export const usageFullSetting = (product: string) => `sys.usage.${product}.atFull`;
/** The setting of a domain product's daily purge and prefetch entries per package. */
export const purgeQuotaSetting = (product: string) => `sys.purge.${product}.dailyQuota`;
