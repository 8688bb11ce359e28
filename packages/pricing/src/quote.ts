import {
  type Catalogue,
  DURATION_UNITS,
  type EditionPrices,
  editionOf,
  PRODUCT_CODES,
  type ProductCode,
  QUANTITIES,
  type Quantity,
  REGIONS,
} from "./catalogue.ts";
import { chosenDomainQuantity, durationMonths, type PurchaseConfiguration, planQuantities } from "./configuration.ts";
import { type CouponContext, type CouponRefusal, type CouponRule, couponDeduction, couponRefusal } from "./coupon.ts";

/** The fee card of spec section 3; every amount in minor units of `currency`. */
export interface FeeCard {
  currency: string;
  /** The configuration's price per month. */
  configurationFee: number;
  /** The configuration's price for the whole duration. */
  originalPrice: number;
  /** The duration discount. */
  discount: number;
  couponDeduction: number;
  /** What the customer pays. */
  amount: number;
  /** The quantities bought, the plan's derived ones included. */
  quantities: Partial<Record<Quantity, number>>;
}

export type QuoteErrorCode =
  | "product.unknown"
  | "edition.unknown"
  | "edition.onRequest"
  | "region.unavailable"
  | "quantity.invalid"
  | "quantity.range"
  | "quantity.step"
  | "duration.unavailable"
  | "extra.unknown"
  | "extra.range"
  | "amount.belowMinimum";

/** A reason the configuration cannot be bought; `field` names the control, `params` fill the message. */
export interface QuoteError {
  field: string;
  code: QuoteErrorCode;
  params?: Record<string, number | string>;
}

export type QuoteResult =
  | { ok: true; fee: FeeCard; coupon?: { code: string; refusal: CouponRefusal | null } }
  | { ok: false; errors: QuoteError[] };

const isInteger = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n);

function quantityErrors(edition: EditionPrices, product: ProductCode, config: PurchaseConfiguration): QuoteError[] {
  const errors: QuoteError[] = [];
  const derived = product === "waf" ? "domains" : "topLevelDomains";
  for (const name of QUANTITIES) {
    const rule = edition.quantities[name];
    if (!rule || name === derived) continue;
    const value = config.quantities[name];
    if (!isInteger(value)) errors.push({ field: name, code: "quantity.invalid" });
    else if (value < rule.min || value > rule.max)
      errors.push({ field: name, code: "quantity.range", params: { min: rule.min, max: rule.max } });
    else if ((value - rule.min) % rule.step !== 0)
      errors.push({ field: name, code: "quantity.step", params: { step: rule.step, min: rule.min } });
  }
  return errors;
}

/** The configuration's price per month, assuming it is valid. */
export function monthlyPrice(catalogue: Catalogue, config: PurchaseConfiguration): number {
  const edition = editionOf(catalogue, config.product, config.edition);
  if (!edition || edition.trialDays) return 0;
  let total = edition.regions[config.region] ?? 0;
  const quantities = planQuantities(config.product, config.quantities);
  for (const name of QUANTITIES) {
    const rule = edition.quantities[name];
    if (rule) total += Math.max(0, (quantities[name] ?? rule.included) - rule.included) * rule.unitPrice;
  }
  for (const extra of catalogue.products[config.product].extras)
    total += (config.extras[extra.code] ?? 0) * extra.unitPrice;
  return total;
}

/** The price of a configuration for a duration, before any discount; days are rounded up to the minor unit. */
export function periodPrice(monthly: number, duration: PurchaseConfiguration["duration"]): number {
  if (duration.unit === "day") return Math.ceil((monthly * duration.count) / 30);
  return monthly * durationMonths(duration);
}

/** Every reason the configuration cannot be quoted, in the order the page shows its fields. */
export function configurationErrors(catalogue: Catalogue, config: PurchaseConfiguration): QuoteError[] {
  if (!PRODUCT_CODES.includes(config.product)) return [{ field: "product", code: "product.unknown" }];
  const edition = editionOf(catalogue, config.product, config.edition);
  if (!edition) return [{ field: "edition", code: "edition.unknown" }];
  if (edition.onRequest) return [{ field: "edition", code: "edition.onRequest" }];
  const errors: QuoteError[] = [];
  if (!REGIONS.includes(config.region) || edition.regions[config.region] === undefined)
    errors.push({ field: "region", code: "region.unavailable" });
  errors.push(...quantityErrors(edition, config.product, config));
  const { unit, count } = config.duration ?? {};
  const durationOk = edition.trialDays
    ? unit === "day" && count === edition.trialDays
    : DURATION_UNITS.includes(unit) &&
      catalogue.products[config.product].durations.some((d) => d.unit === unit && d.count === count);
  if (!durationOk) errors.push({ field: "duration", code: "duration.unavailable" });
  const extras = catalogue.products[config.product].extras;
  for (const [code, units] of Object.entries(config.extras ?? {})) {
    const extra = extras.find((e) => e.code === code);
    if (!extra) errors.push({ field: `extras.${code}`, code: "extra.unknown" });
    else if (!isInteger(units) || units < 0 || units > extra.max)
      errors.push({ field: `extras.${code}`, code: "extra.range", params: { max: extra.max } });
  }
  return errors;
}

/**
 * The engine: catalogue + configuration (+ coupon) → fee card or the reasons it cannot be bought.
 * Pure and deterministic; the price pages call it for every change and the server for every order.
 */
export function quote(
  catalogue: Catalogue,
  config: PurchaseConfiguration,
  coupon?: { rule: CouponRule; context: Omit<CouponContext, "configuration" | "amountBeforeCoupon" | "currency"> },
): QuoteResult {
  const errors = configurationErrors(catalogue, config);
  if (errors.length > 0) return { ok: false, errors };
  const edition = editionOf(catalogue, config.product, config.edition) as EditionPrices;
  const quantities = planQuantities(config.product, pickSold(edition, config));
  const fee: FeeCard = {
    currency: catalogue.currency,
    configurationFee: 0,
    originalPrice: 0,
    discount: 0,
    couponDeduction: 0,
    amount: 0,
    quantities,
  };
  if (edition.trialDays) return { ok: true, fee };

  fee.configurationFee = monthlyPrice(catalogue, config);
  fee.originalPrice = periodPrice(fee.configurationFee, config.duration);
  const option = catalogue.products[config.product].durations.find(
    (d) => d.unit === config.duration.unit && d.count === config.duration.count,
  );
  fee.discount = Math.floor((fee.originalPrice * (option?.discountPercent ?? 0)) / 100);
  const beforeCoupon = fee.originalPrice - fee.discount;
  if (beforeCoupon < catalogue.minimumAmount)
    return {
      ok: false,
      errors: [{ field: "amount", code: "amount.belowMinimum", params: { minimum: catalogue.minimumAmount } }],
    };
  fee.amount = beforeCoupon;
  if (!coupon) return { ok: true, fee };

  const applied = applyCoupon(fee, coupon.rule, { ...coupon.context, configuration: config }, catalogue.minimumAmount);
  return { ok: true, fee: applied.fee, coupon: { code: coupon.rule.code, refusal: applied.refusal } };
}

/**
 * The fee card with the coupon taken off, or unchanged with the reason it does not apply. The
 * deduction never takes the amount below `minimumAmount` (upgrades pass 0: they have no minimum).
 */
export function applyCoupon(
  fee: FeeCard,
  rule: CouponRule,
  context: Omit<CouponContext, "amountBeforeCoupon" | "currency">,
  minimumAmount: number,
): { fee: FeeCard; refusal: CouponRefusal | null } {
  const before = fee.amount + fee.couponDeduction;
  const refusal = couponRefusal(rule, { ...context, amountBeforeCoupon: before, currency: fee.currency });
  if (refusal) return { fee: { ...fee, couponDeduction: 0, amount: before }, refusal };
  const deduction = couponDeduction(rule, before, Math.max(0, before - minimumAmount));
  return { fee: { ...fee, couponDeduction: deduction, amount: before - deduction }, refusal: null };
}

/** Only the quantities the edition sells (and the one the plan derives) reach the fee card. */
function pickSold(edition: EditionPrices, config: PurchaseConfiguration): Partial<Record<Quantity, number>> {
  const chosen = chosenDomainQuantity(config.product);
  const out: Partial<Record<Quantity, number>> = {};
  for (const name of QUANTITIES) {
    if (edition.quantities[name] || name === chosen) {
      const value = config.quantities[name] ?? edition.quantities[name]?.included;
      if (value !== undefined) out[name] = value;
    }
  }
  return out;
}

/**
 * An upgrade costs the new configuration's price minus the old one's, both prorated to the days
 * left in the current period, rounded up to the minor unit; the expiry does not move. Prices are
 * those of one period (a month's price for a monthly package).
 */
export function upgradePrice(
  oldPeriodPrice: number,
  newPeriodPrice: number,
  daysLeft: number,
  periodDays: number,
): number {
  if (newPeriodPrice < oldPeriodPrice) throw new RangeError("a downgrade is not an upgrade");
  return Math.ceil(((newPeriodPrice - oldPeriodPrice) * Math.max(0, daysLeft)) / periodDays);
}
