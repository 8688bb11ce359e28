import { type Static, Type } from "typebox";
import { OverageFiguresView } from "./orders.ts";

/**
 * Business → Usage (issue 40): per site and product, a month's use of the packages sold by
 * bandwidth and their overage, by customer, most overage first; the month's overage orders.
 */
export const UsageOverviewQuery = Type.Object({
  /** The month, YYYY-MM (the site's calendar); absent: the current one. */
  month: Type.Optional(Type.String({ pattern: "^\\d{4}-(0[1-9]|1[0-2])$" })),
  /** The site (an operator bound to one sees theirs whatever is asked); absent: the default site. */
  siteId: Type.Optional(Type.Integer({ minimum: 1 })),
  product: Type.Optional(
    Type.Union([Type.Literal("cdn"), Type.Literal("ddos"), Type.Literal("tcp"), Type.Literal("waf")]),
  ),
});
export type UsageOverviewQuery = Static<typeof UsageOverviewQuery>;

/** A package's month: its percentile against its commitment, and its overage, billed or projected. */
export const UsageOverviewRow = Type.Object({
  serviceId: Type.Integer(),
  orderNo: Type.String(),
  userName: Type.String(),
  product: Type.String(),
  edition: Type.String(),
  p95Bps: Type.Number(),
  samples: Type.Integer(),
  committedMbps: Type.Number(),
  days: Type.Integer(),
  monthDays: Type.Integer(),
  /** Minor units of `currency`: the overage order's amount once billed, else what it would be now. */
  overage: Type.Integer(),
  /**
   * The currency the package is billed in: the site's, or for a package of no site its first
   * order's (which may differ from the overview's).
   */
  currency: Type.String(),
  /**
   * billed: an overage order was placed (its amount); projected: the month is still open (the
   * amount at the percentile so far); unbilled: the month ended without an order (within the
   * package, no rate, or not billed yet: the amount the engine would bill).
   */
  basis: Type.Union([Type.Literal("billed"), Type.Literal("projected"), Type.Literal("unbilled")]),
  overageOrderNo: Type.Union([Type.String(), Type.Null()]),
});
export type UsageOverviewRow = Static<typeof UsageOverviewRow>;

export const UsageOverviewOrder = Type.Object({
  orderNo: Type.String(),
  userName: Type.String(),
  product: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  createdAt: Type.String(),
  overage: OverageFiguresView,
});
export type UsageOverviewOrder = Static<typeof UsageOverviewOrder>;

export const UsageOverview = Type.Object({
  month: Type.String(),
  siteId: Type.Integer(),
  /** The sites the operator may choose from (one for an operator bound to a site). */
  sites: Type.Array(Type.Object({ siteId: Type.Integer(), company: Type.String(), timeZone: Type.String() })),
  currency: Type.String(),
  rows: Type.Array(UsageOverviewRow),
  orders: Type.Array(UsageOverviewOrder),
});
export type UsageOverview = Static<typeof UsageOverview>;
