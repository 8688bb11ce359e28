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

const DAY_MS = 86_400_000;

export type UpgradeQuote =
  | { ok: true; amount: number; days: number }
  /**
   * Not an upgrade. When nothing gets larger and the price is lower, it is a downgrade, for the
   * whole days left (what it gives back is the server's figure: it knows what was paid).
   */
  | { ok: false; code: "upgrade.downgrade" | "upgrade.nothing"; downgrade?: { days: number } };

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
  const larger = QUANTITIES.some((q) => (next.quantities[q] ?? 0) > (current.quantities[q] ?? 0));
  const added = Object.keys(next.extras).some((x) => (next.extras[x] ?? 0) > (current.extras[x] ?? 0));
  if (!larger && !added && after < before && service.state === "active") {
    const days = Math.max(0, Math.floor((Date.parse(service.expiresAt ?? "") - Date.now()) / DAY_MS) || 0);
    return {
      ok: false,
      code: "upgrade.downgrade",
      downgrade: { days },
    };
  }
  if (smaller || dropped || after < before) return { ok: false, code: "upgrade.downgrade" };
  if (after === before) return { ok: false, code: "upgrade.nothing" };
  const days = daysLeft(service);
  return { ok: true, amount: upgradePrice(before, after, days, 30), days };
}

/** The fee card of an upgrade: what it costs is the prorated difference, before any coupon. */
export function upgradeFee(fee: FeeCard, amount: number): FeeCard {
  return { ...fee, originalPrice: amount, discount: 0, couponDeduction: 0, amount };
}
