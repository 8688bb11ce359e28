import type { CouponOffer } from "@rampart/contracts";
import {
  applyCoupon,
  type Catalogue,
  type CouponRule,
  type FeeCard,
  type PurchaseConfiguration,
} from "@rampart/pricing";
import { useEffect, useState } from "react";
import { type CouponQuery, describeCoupons } from "./order-api";

export type CouponsState =
  | { state: "off" }
  | { state: "loading"; offers: CouponOffer[] }
  | { state: "ready"; offers: CouponOffer[] }
  | { state: "failed" };

/** How long the configuration must stay still before the offers are asked for again. */
const SETTLE_MS = 250;

/**
 * The coupons the server offers a signed-in customer for this order, asked again (after a short
 * pause) whenever the configuration changes; the offers shown meanwhile are the last ones.
 */
export function useCoupons(query: CouponQuery | null, language: string): CouponsState {
  const [shown, setShown] = useState<CouponsState>(query ? { state: "loading", offers: [] } : { state: "off" });
  const key = query ? JSON.stringify(query) : "";
  useEffect(() => {
    if (!key) return;
    const asked = JSON.parse(key) as CouponQuery;
    const controller = new AbortController();
    setShown((before) => ({ state: "loading", offers: "offers" in before ? before.offers : [] }));
    const timer = setTimeout(() => {
      describeCoupons(asked, language, controller.signal)
        .then((answer) =>
          setShown(answer.code === 200 && answer.data ? { state: "ready", offers: answer.data } : { state: "failed" }),
        )
        .catch(() => controller.signal.aborted || setShown({ state: "failed" }));
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, language]);
  return shown;
}

/**
 * The fee card with the chosen coupon taken off, by the engine's own rule, at once; the server
 * said whether the customer may use it at all (caps, new customers, bound customers).
 */
export function feeWithCoupon(
  catalogue: Catalogue,
  fee: FeeCard,
  config: PurchaseConfiguration,
  offer: CouponOffer | undefined,
  context: { action: "new" | "renew" | "upgrade"; agentCode: string },
): FeeCard {
  if (offer?.state !== "usable") return fee;
  const rule = { ...(offer.rule as Omit<CouponRule, "code">), code: offer.code } as CouponRule;
  const minimum = context.action === "upgrade" ? 0 : catalogue.minimumAmount;
  return applyCoupon(fee, rule, { configuration: config, ...context, now: new Date() }, minimum).fee;
}
