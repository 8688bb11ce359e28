import type { ServiceView } from "@rampart/contracts";
import {
  type Catalogue,
  configurationFromSearch,
  type FeeCard,
  monthlyPrice,
  type PurchaseConfiguration,
  QUANTITIES,
  upgradePrice,
} from "@rampart/pricing";
import { daysLeft } from "./use-service";

export type UpgradeQuote =
  | { ok: true; amount: number; days: number }
  | { ok: false; code: "upgrade.downgrade" | "upgrade.nothing" };

/**
 * What upgrading the service to `next` costs for the days left, by the rule the server applies:
 * the difference of the monthly prices, prorated, rounded up; nothing may get smaller.
 */
export function upgradeQuote(catalogue: Catalogue, service: ServiceView, next: PurchaseConfiguration): UpgradeQuote {
  const current = configurationFromSearch(catalogue, next.product, new URLSearchParams(service.configuration));
  const smaller = QUANTITIES.some((q) => (next.quantities[q] ?? 0) < (current.quantities[q] ?? 0));
  const dropped = Object.keys(current.extras).some((x) => (next.extras[x] ?? 0) < (current.extras[x] ?? 0));
  const before = monthlyPrice(catalogue, current);
  const after = monthlyPrice(catalogue, next);
  if (smaller || dropped || after < before) return { ok: false, code: "upgrade.downgrade" };
  if (after === before) return { ok: false, code: "upgrade.nothing" };
  const days = daysLeft(service);
  return { ok: true, amount: upgradePrice(before, after, days, 30), days };
}

/** The fee card of an upgrade: what it costs is the prorated difference, before any coupon. */
export function upgradeFee(fee: FeeCard, amount: number): FeeCard {
  return { ...fee, originalPrice: amount, discount: 0, couponDeduction: 0, amount };
}
