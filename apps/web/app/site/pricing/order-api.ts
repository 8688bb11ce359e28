import type {
  CouponOffer,
  CreateOrderBody,
  DowngradeView,
  MyBalance,
  OrderView,
  PaymentStart,
  ServiceView,
} from "@rampart/contracts";
import type { QuoteError } from "@rampart/pricing";
import { apiFetch } from "../../shared/request/api-fetch";

/** The order calls of the public pages (apiFetch: the public pages carry no console request client). */
function call<T>(path: string, language: string, init: { method?: string; data?: unknown; signal?: AbortSignal } = {}) {
  return apiFetch<T>(path, { ...init, language });
}

/** The engine's reasons, or the order's own (a trial taken, the state of the service to change). */
export type OrderProblem =
  | QuoteError
  | {
      field: string;
      code: `trial.${string}` | `service.${string}` | `upgrade.${string}` | `coupon.${string}`;
      params?: Record<string, string | number>;
    };

export function createOrder(body: CreateOrderBody, language: string) {
  return call<OrderView | OrderProblem[]>("/order/trade/order/createOrder", language, {
    method: "POST",
    data: body,
  });
}

/** Mails the link confirming the customer's address again (refused before an order: see createOrder). */
export function resendVerification(language: string) {
  return call<never>("/auth/email/resend", language, { method: "POST" });
}

export function describeOrder(orderNo: string, language: string) {
  return call<OrderView>(`/order/trade/order/describeOrder/${encodeURIComponent(orderNo)}`, language);
}

/** Starts paying an unpaid order online with a method: the address of that channel's cashier. */
/** Opens the channel's cashier; with useBalance, for the rest beside what the balance holds (taken as the order's part). */
export function payOrder(orderNo: string, method: "alipay" | "alipayGlobal", language: string, useBalance = false) {
  const query = new URLSearchParams({ method, ...(useBalance ? { useBalance: "true" } : {}) });
  const path = `/order/pay/order/payOrder/${encodeURIComponent(orderNo)}?${query}`;
  return call<PaymentStart>(path, language, { method: "POST" });
}

/** The customer's balances (one per currency): whether this order can be paid from one. */
export function describeBalances(language: string, signal?: AbortSignal) {
  return call<MyBalance>("/control/balance?pageSize=1", language, signal ? { signal } : {});
}

/** Pays an unpaid order in full from the customer's balance; refused (409, said why) when it does not cover it. */
export function payFromBalance(orderNo: string, language: string) {
  return call<OrderView>(`/order/pay/order/payFromBalance/${encodeURIComponent(orderNo)}`, language, {
    method: "POST",
  });
}

export interface CouponQuery {
  product: string;
  configuration: string;
  action: "new" | "renew" | "upgrade";
  serviceOrderNo?: string | null;
}

/** The coupons offered for this order as configured (usable, used, unavailable with the reason). */
export function describeCoupons(query: CouponQuery, language: string, signal?: AbortSignal) {
  const search = new URLSearchParams({
    product: query.product,
    configuration: query.configuration,
    action: query.action,
  });
  if (query.serviceOrderNo) search.set("serviceOrderNo", query.serviceOrderNo);
  return call<CouponOffer[]>(`/order/coupon/describeCoupons?${search}`, language, signal ? { signal } : {});
}

/** Makes a package smaller for the time it has left; the difference goes to the balance (the answer says how much). */
export function downgradeService(orderNo: string, configuration: string, language: string, dryRun = false) {
  return call<DowngradeView>(`/order/mall/product/downgrade/${encodeURIComponent(orderNo)}`, language, {
    method: "POST",
    data: { configuration, ...(dryRun ? { dryRun } : {}) },
  });
}

export function describeService(orderNo: string, language: string) {
  return call<ServiceView>(`/order/mall/product/describeUpgradeProductByOid/${encodeURIComponent(orderNo)}`, language);
}

/** Where a visitor whose session is missing or over goes: log in, then come back here. */
export function loginToReturn(): string {
  return `/cloud/login?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` })}`;
}
