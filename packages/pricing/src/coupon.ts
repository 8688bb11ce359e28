import {
  DURATION_UNITS,
  type DurationUnit,
  EDITION_CODES,
  type EditionCode,
  PRODUCT_CODES,
  type ProductCode,
} from "./catalogue.ts";
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
  /** Minor units of `currency` for "amount", whole percent (1-100) for "percent". */
  value: number;
  /** The currency of `value` and `threshold`: the coupon applies only to orders in it. */
  currency?: string;
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
  | { reason: "currency" }
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
  /** What the order costs before the coupon, in `currency`. */
  amountBeforeCoupon: number;
  currency: string;
}

/** Why the coupon cannot be used on this order, or null when it can. */
export function couponRefusal(rule: CouponRule, context: CouponContext): CouponRefusal | null {
  const { configuration, action, agentCode, now, amountBeforeCoupon, currency } = context;
  if (rule.validFrom && now < new Date(rule.validFrom)) return { reason: "notStarted", validFrom: rule.validFrom };
  if (rule.validUntil && now > new Date(rule.validUntil)) return { reason: "expired", validUntil: rule.validUntil };
  if (rule.currency && rule.currency !== currency) return { reason: "currency" };
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

export type CouponRuleProblem = {
  field: "value" | "currency" | "threshold" | "validUntil" | "products" | "editions" | "actions" | "durationUnits";
  code:
    | "coupon.valueRange"
    | "coupon.currencyNeeded"
    | "coupon.thresholdRange"
    | "coupon.validity"
    | "coupon.unknownScope";
};

const MAX_AMOUNT = 1_000_000_000_00;

/**
 * What is wrong with a coupon's rule as an operator wrote it (the console's form shows these
 * beside the fields; the server refuses the same): an amount needs its currency and a positive
 * value, a percentage 1-100, a threshold is not negative, the window ends after it starts, and
 * every scope names what the catalogue knows.
 */
export function couponRuleProblems(rule: Omit<CouponRule, "code">): CouponRuleProblem[] {
  const problems: CouponRuleProblem[] = [];
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n);
  if (
    rule.kind === "percent"
      ? !whole(rule.value) || rule.value < 1 || rule.value > 100
      : !whole(rule.value) || rule.value < 1 || rule.value > MAX_AMOUNT
  )
    problems.push({ field: "value", code: "coupon.valueRange" });
  if ((rule.kind === "amount" || rule.threshold !== undefined) && !rule.currency)
    problems.push({ field: "currency", code: "coupon.currencyNeeded" });
  if (rule.threshold !== undefined && (!whole(rule.threshold) || rule.threshold < 0 || rule.threshold > MAX_AMOUNT))
    problems.push({ field: "threshold", code: "coupon.thresholdRange" });
  if (rule.validFrom && rule.validUntil && !(Date.parse(rule.validUntil) > Date.parse(rule.validFrom)))
    problems.push({ field: "validUntil", code: "coupon.validity" });
  const known = <T extends string>(
    field: CouponRuleProblem["field"],
    values: readonly T[] | undefined,
    all: readonly string[],
  ) => {
    if (values?.some((value) => !all.includes(value))) problems.push({ field, code: "coupon.unknownScope" });
  };
  known("products", rule.products, PRODUCT_CODES);
  known("editions", rule.editions, EDITION_CODES);
  known("actions", rule.actions, ORDER_ACTIONS);
  known("durationUnits", rule.durationUnits, DURATION_UNITS);
  return problems;
}
