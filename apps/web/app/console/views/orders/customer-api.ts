import type {
  Envelope,
  MyOrdersQuery,
  MyServicesQuery,
  OrderView,
  PageEnvelope,
  PayChannels,
  PaymentStart,
  ServiceView,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** A customer's own orders and services (the customer center). */
export const customerApi = {
  orders: (query: Partial<MyOrdersQuery>) =>
    request<PageEnvelope<OrderView>>({ url: "/order/trade/order/myOrders", params: query }),
  services: (query: Partial<MyServicesQuery>) =>
    request<PageEnvelope<ServiceView>>({ url: "/order/mall/product/myServices", params: query }),
  cancel: (orderNo: string) =>
    request<Envelope<OrderView>>({
      url: `/order/trade/order/cancelOrder/${encodeURIComponent(orderNo)}`,
      method: "POST",
    }),
  /** Stop a package at the end of its period (no renewal), or undo that. */
  stopAtPeriodEnd: (orderNo: string, cancel: boolean) =>
    request<Envelope<never>>({
      url: `/order/mall/product/cancelAtPeriodEnd/${encodeURIComponent(orderNo)}`,
      method: "POST",
      data: { cancel },
    }),
  /** Renew a package from the balance (its renewal orders paid from it once a day), or not. */
  autoRenew: (orderNo: string, autoRenew: boolean) =>
    request<Envelope<never>>({
      url: `/order/mall/product/autoRenew/${encodeURIComponent(orderNo)}`,
      method: "POST",
      data: { autoRenew },
    }),
  /** One of the caller's orders; an unpaid one with how to pay it by bank transfer. */
  order: (orderNo: string) =>
    request<Envelope<OrderView> & { data: OrderView }>({
      url: `/order/trade/order/describeOrder/${encodeURIComponent(orderNo)}`,
    }),
  payChannels: () =>
    request<Envelope<PayChannels> & { data: PayChannels }>({ url: "/order/pay/order/describePayChannel" }),
  /** The cashier online; with useBalance, for the rest beside what the balance holds (taken as the order's part). */
  pay: (orderNo: string, useBalance = false) =>
    request<Envelope<PaymentStart> & { data: PaymentStart }>({
      url: `/order/pay/order/payOrder/${encodeURIComponent(orderNo)}`,
      method: "POST",
      ...(useBalance ? { params: { useBalance: true } } : {}),
    }),
};
