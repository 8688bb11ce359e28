import { type Static, Type } from "typebox";
import { USAGE_SUMS, USAGE_TOP_KINDS } from "./usage.ts";

/**
 * What the customer sees of a package's usage (issue 40, Control center → My services → Usage):
 * its series over a range, the range's 95th percentile and the committed bandwidth, the attacks
 * and the top lists. GET /prod-api/control/services/{orderNo}/usage.
 */

export const USAGE_RANGES = ["24h", "7d", "30d", "custom"] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

/** The width of a point of the series: 5 minutes up to 2 days, hours up to 60 days, days beyond. */
export const USAGE_GRANULARITIES = ["5m", "hour", "day"] as const;
export type UsageGranularity = (typeof USAGE_GRANULARITIES)[number];

/** The longest range drawn in 5-minute points, and in hours (beyond: days). */
export const USAGE_5M_MAX_DAYS = 2;
export const USAGE_HOURLY_MAX_DAYS = 60;

const RangeSchema = () =>
  Type.Union([Type.Literal("24h"), Type.Literal("7d"), Type.Literal("30d"), Type.Literal("custom")]);
const Day = () => Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

export const UsageSeriesQuery = Type.Object(
  {
    range: Type.Optional(RangeSchema()),
    /** With `custom`: the first and the last day shown (both included), in the reader's time zone. */
    from: Type.Optional(Day()),
    to: Type.Optional(Day()),
    /** One of the package's domains; absent or empty: the whole package. */
    domain: Type.Optional(Type.String({ maxLength: 253 })),
  },
  { additionalProperties: false },
);
export type UsageSeriesQuery = Static<typeof UsageSeriesQuery>;

const Numbers = Type.Array(Type.Number());

/** One array per figure of the platform's buckets (same order as `at`), zero where nothing came. */
export const UsageSeriesFigures = Type.Object(
  Object.fromEntries([...USAGE_SUMS, "peakBps"].map((figure) => [figure, Numbers])) as Record<
    (typeof USAGE_SUMS)[number] | "peakBps",
    typeof Numbers
  >,
);
export type UsageSeriesFigures = Static<typeof UsageSeriesFigures>;

export const AttackView = Type.Object({
  attackId: Type.String(),
  startedAt: Type.String(),
  /** Null while the attack goes on. */
  endedAt: Type.Union([Type.String(), Type.Null()]),
  target: Type.String(),
  vector: Type.String(),
  peakBps: Type.Number(),
  peakPps: Type.Number(),
  action: Type.Union([Type.Literal("scrubbed"), Type.Literal("blackholed"), Type.Literal("challenged")]),
});
export type AttackView = Static<typeof AttackView>;

export const UsageTopRow = Type.Object({ key: Type.String(), requests: Type.Number(), bytes: Type.Number() });
export type UsageTopRow = Static<typeof UsageTopRow>;

export const UsageSeriesView = Type.Object({
  orderNo: Type.String(),
  product: Type.String(),
  edition: Type.String(),
  /** The package's domains, for the filter. */
  domains: Type.Array(Type.String()),
  /** The domain shown ("" = the whole package). */
  domain: Type.String(),
  /** The reader's time zone: points, days and ranges are taken in it. */
  timeZone: Type.String(),
  range: RangeSchema(),
  /** The range shown, ISO instants; `to` excluded. */
  from: Type.String(),
  to: Type.String(),
  granularity: Type.Union([Type.Literal("5m"), Type.Literal("hour"), Type.Literal("day")]),
  /** Each point's start, ISO instants. */
  at: Type.Array(Type.String()),
  figures: UsageSeriesFigures,
  /**
   * The 95th percentile (nearest rank) of the range's positive 5-minute peaks, bits per second;
   * null when the range begins before the 5-minute buckets kept.
   */
  p95Bps: Type.Union([Type.Number(), Type.Null()]),
  /** The bandwidth bought (the package's Mbps), bits per second; null for a package without one. */
  committedBps: Type.Union([Type.Number(), Type.Null()]),
  /** The attacks on the package (or the domain) during the range, latest first. */
  attacks: Type.Array(AttackView),
  /** The days' top lists of the range added up, the first 50 of each kind by requests. */
  tops: Type.Object(
    Object.fromEntries(USAGE_TOP_KINDS.map((kind) => [kind, Type.Array(UsageTopRow)])) as Record<
      (typeof USAGE_TOP_KINDS)[number],
      ReturnType<typeof Type.Array<typeof UsageTopRow>>
    >,
  ),
  /** Whether the platform has sent anything for this package yet. */
  reported: Type.Boolean(),
  /** The earliest day a custom range may start (what is kept), YYYY-MM-DD in the reader's zone. */
  keptSince: Type.String(),
});
export type UsageSeriesView = Static<typeof UsageSeriesView>;

/** The customer's packages over the last 24 hours, for the control center's cards. */
export const Usage24h = Type.Object({
  bytesOut: Type.Number(),
  requests: Type.Number(),
  wafBlocked: Type.Number(),
  /** Attacks that started, or went on, in the last 24 hours. */
  attacks: Type.Integer(),
});
export type Usage24h = Static<typeof Usage24h>;
