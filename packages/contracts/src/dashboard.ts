import { type Static, Type } from "typebox";
import { Usage24h } from "./usage-views.ts";

/** The dashboard's window: how many days back, and the viewer's offset from UTC for the day boundaries. */
export const DashboardQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 7, maximum: 90, default: 30 })),
  /** Minutes east of UTC (UTC+8 is 480), so that a day is the viewer's day. */
  utcOffset: Type.Optional(Type.Integer({ minimum: -720, maximum: 840, default: 0 })),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

/**
 * The dashboard's figures for the caller's scope. Series are aligned with `days` (oldest first).
 * `leadsPerDay` is null for callers who may not list leads. Money is in minor units per currency.
 */
export const DashboardView = Type.Object({
  scope: Type.Union([Type.Literal("own"), Type.Literal("site"), Type.Literal("all")]),
  days: Type.Array(Type.String()),
  ordersPerDay: Type.Array(Type.Integer()),
  paidPerDay: Type.Array(Type.Integer()),
  leadsPerDay: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  /** Paid orders in the window (refunded ones left out), by product and currency. */
  revenue: Type.Array(Type.Object({ product: Type.String(), currency: Type.String(), amount: Type.Integer() })),
  /** Orders created in the window, by their status now. */
  statusMix: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  /** The business bandwidth of the packages in force each day, in bits per second. */
  bandwidthPerDay: Type.Array(Type.Number()),
  /**
   * Told to those who may change the settings: a product's CNAME target is still the shipped
   * example (*.rampart-edge.example), so customers' domains would be pointed nowhere.
   */
  cnamePlaceholder: Type.Optional(Type.Boolean()),
});
export type DashboardView = Static<typeof DashboardView>;
/** Whose figures a dashboard shows: the caller's own, their site's, or the whole platform's. */
export type DashboardScope = DashboardView["scope"];

/** The control center's figures for the caller (and the platform's, for operators). */
export const ControlOverview = Type.Object({
  memberSince: Type.String(),
  lastLogin: Type.Union([Type.Object({ ip: Type.String(), at: Type.String() }), Type.Null()]),
  activeSessions: Type.Integer(),
  logins30d: Type.Object({ succeeded: Type.Integer(), failed: Type.Integer() }),
  recentLogins: Type.Array(
    Type.Object({ ip: Type.String(), userAgent: Type.String(), success: Type.Boolean(), at: Type.String() }),
  ),
  /** The caller's own packages and orders (the customer center's overview). */
  business: Type.Object({
    services: Type.Integer(),
    /** Active packages that end within 30 days. */
    expiringSoon: Type.Integer(),
    unpaidOrders: Type.Integer(),
  }),
  /** What the caller's packages did over the last 24 hours, as their provider's platform reported it. */
  usage24h: Usage24h,
  /** For operators who may list users: the platform's figures. */
  platform: Type.Optional(
    Type.Object({
      operators: Type.Integer(),
      customers: Type.Integer(),
      sites: Type.Integer(),
      onlineSessions: Type.Integer(),
    }),
  ),
});
export type ControlOverview = Static<typeof ControlOverview>;
