import type { CreateOrderBody } from "@rampart/contracts";
import {
  type Catalogue,
  configurationFromSearch,
  type FeeCard,
  monthlyPrice,
  type PurchaseConfiguration,
  QUANTITIES,
  type QuoteError,
  quote,
  upgradePrice,
} from "@rampart/pricing";
import type { Db } from "../../db/client.ts";
import type { CouponProblem } from "../coupons/service.ts";
import { loadService } from "../services/service-records.ts";

const DAY_MS = 86_400_000;

/** Why an order cannot be made: the engine's reasons, a free trial already taken, the service's state, the coupon's. */
export type OrderError =
  | QuoteError
  | CouponProblem
  | {
      field: string;
      code:
        | "trial.used"
        | "service.missing"
        | "service.pending"
        | "service.expired"
        | "service.terminated"
        | "service.unpaidChange"
        | "service.trial"
        | "upgrade.downgrade"
        | "upgrade.nothing";
    };

export type Priced =
  | { ok: true; configuration: PurchaseConfiguration; fee: FeeCard; serviceOrderNo: string | null }
  | { ok: false; errors: OrderError[] };

const refuse = (code: OrderError["code"], field = "service"): Priced => ({
  ok: false,
  errors: [{ field, code } as OrderError],
});

/** What an order costs, by its action: a new service, a renewal, or an upgrade for the time left. */
export async function priceOrder(
  db: Db,
  catalogue: Catalogue,
  body: Pick<CreateOrderBody, "product" | "configuration" | "action" | "serviceOrderNo">,
  userId: number,
  now: Date,
): Promise<Priced> {
  const asked = configurationFromSearch(catalogue, body.product, new URLSearchParams(body.configuration));
  if (body.action === "new") {
    const result = quote(catalogue, asked);
    return result.ok
      ? { ok: true, configuration: asked, fee: result.fee, serviceOrderNo: null }
      : { ok: false, errors: result.errors };
  }

  const service = body.serviceOrderNo ? await loadService(db, userId, body.serviceOrderNo) : null;
  if (!service || service.product !== body.product) return refuse("service.missing");
  if (!service.expiresAt) return refuse("service.pending");
  if (service.lifecycle === "terminated") return refuse("service.terminated");
  if (service.unpaidChange) return refuse("service.unpaidChange");
  const current = service.configuration;
  if (editionIsTrial(catalogue, current)) return refuse("service.trial");

  if (body.action === "renew") {
    // The same package for another period: only the duration is the customer's choice.
    const renewal = { ...current, duration: asked.duration };
    const result = quote(catalogue, renewal);
    return result.ok
      ? { ok: true, configuration: renewal, fee: result.fee, serviceOrderNo: service.orderNo }
      : { ok: false, errors: result.errors };
  }

  // An upgrade: the new configuration for the days left; the expiry does not move.
  if (service.expiresAt <= now) return refuse("service.expired");
  const upgraded = { ...asked, product: current.product, duration: current.duration };
  const result = quote(catalogue, upgraded);
  if (!result.ok) return { ok: false, errors: result.errors };
  const smaller = QUANTITIES.find((q) => (upgraded.quantities[q] ?? 0) < (current.quantities[q] ?? 0));
  const dropped = Object.keys(current.extras).find((x) => (upgraded.extras[x] ?? 0) < (current.extras[x] ?? 0));
  const oldMonthly = monthlyPrice(catalogue, current);
  const newMonthly = monthlyPrice(catalogue, upgraded);
  if (smaller || dropped || newMonthly < oldMonthly) return refuse("upgrade.downgrade", smaller ?? "edition");
  if (newMonthly === oldMonthly) return refuse("upgrade.nothing", "edition");
  const daysLeft = Math.ceil((service.expiresAt.getTime() - now.getTime()) / DAY_MS);
  const amount = upgradePrice(oldMonthly, newMonthly, daysLeft, 30);
  return {
    ok: true,
    configuration: upgraded,
    fee: { ...result.fee, originalPrice: amount, discount: 0, couponDeduction: 0, amount },
    serviceOrderNo: service.orderNo,
  };
}

function editionIsTrial(catalogue: Catalogue, config: PurchaseConfiguration): boolean {
  return Boolean(catalogue.products[config.product]?.editions.find((e) => e.code === config.edition)?.trialDays);
}
