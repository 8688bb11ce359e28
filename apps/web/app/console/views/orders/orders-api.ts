import type { OperatorOrderView, OrderListQuery, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

export type OrderMove = "confirmOffline" | "refundOrder" | "closeOrder";

/** The operators' order calls (business:order:*). */
export const ordersApi = {
  list: (query: Partial<OrderListQuery>) =>
    request<PageEnvelope<OperatorOrderView>>({ url: "/order/trade/order/list", params: query }),
  /** A refund's `refundTo`: back through the channel (the default) or to the customer's balance. */
  move: (move: OrderMove, orderNo: string, note: string, refundTo?: "channel" | "balance") =>
    request({
      url: `/order/trade/order/${move}/${encodeURIComponent(orderNo)}`,
      method: "POST",
      data: { ...(note ? { note } : {}), ...(refundTo === "balance" ? { refundTo } : {}) },
    }),
};
