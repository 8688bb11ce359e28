import type { DurationUnit, EditionCode, ProductCode } from "./catalogue.ts";
import type { PurchaseConfiguration } from "./configuration.ts";

export const ORDER_ACTIONS = ["new", "renew", "upgrade"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The part of a coupon's rules that depends only on the order. Caps, "new customers only" and
 * named customers depend on the database and are checked by the server.
 */
export interface CouponRule {
  code: string;
  kind: "amount" | "percent";
  /** Minor units for "amount", whole percent (1-100) for "percent". */
  value: number;
  /** The order must cost at least this much (after the duration discount) for the coupon to apply. */
  threshold?: number;
  products?: ProductCode[];
  editions?: EditionCode[];
  actions?: OrderAction[];
  durationUnits?: DurationUnit[];
  /** Only through these channels (site agent codes). */
  agentCodes?: string[];
  /** ISO 8601 instants. */
  validFrom?: string;
  validUntil?: string;
}

export type CouponRefusal =
  | { reason: "threshold"; threshold: number }
  | { reason: "channel" }
  | { reason: "product" }
  | { reason: "edition" }
  | { reason: "action" }
  | { reason: "duration" }
  | { reason: "notStarted"; validFrom: string }
  | { reason: "expired"; validUntil: string };

export interface CouponContext {
  configuration: PurchaseConfiguration;
  action: OrderAction;
  agentCode?: string;
  now: Date;
  /** What the order costs before the coupon. */
  amountBeforeCoupon: number;
}

/** Why the coupon cannot be used on this order, or null when it can. */
export function couponRefusal(rule: CouponRule, context: CouponContext): CouponRefusal | null {
  const { configuration, action, agentCode, now, amountBeforeCoupon } = context;
  if (rule.validFrom && now < new Date(rule.validFrom)) return { reason: "notStarted", validFrom: rule.validFrom };
  if (rule.validUntil && now > new Date(rule.validUntil)) return { reason: "expired", validUntil: rule.validUntil };
  if (rule.agentCodes?.length && !(agentCode && rule.agentCodes.includes(agentCode))) return { reason: "channel" };
  if (rule.products?.length && !rule.products.includes(configuration.product)) return { reason: "product" };
  if (rule.editions?.length && !rule.editions.includes(configuration.edition)) return { reason: "edition" };
  if (rule.actions?.length && !rule.actions.includes(action)) return { reason: "action" };
  if (rule.durationUnits?.length && !rule.durationUnits.includes(configuration.duration.unit))
    return { reason: "duration" };
  if (rule.threshold !== undefined && amountBeforeCoupon < rule.threshold)
    return { reason: "threshold", threshold: rule.threshold };
  return null;
}

/** What the coupon takes off an amount, never more than `room` (the amount above the order minimum). */
export function couponDeduction(rule: CouponRule, amount: number, room: number): number {
  const raw = rule.kind === "amount" ? rule.value : Math.floor((amount * Math.min(100, rule.value)) / 100);
  return Math.max(0, Math.min(raw, room, amount));
}
