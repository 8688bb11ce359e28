import type { OperatorOrderView, OrderListQuery, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

export type OrderMove = "confirmOffline" | "refundOrder" | "closeOrder";

/** The operators' order calls (business:order:*). */
export const ordersApi = {
  list: (query: Partial<OrderListQuery>) =>
    request<PageEnvelope<OperatorOrderView>>({ url: "/order/trade/order/list", params: query }),
  move: (move: OrderMove, orderNo: string, note: string) =>
    request({
      url: `/order/trade/order/${move}/${encodeURIComponent(orderNo)}`,
      method: "POST",
      data: note ? { note } : {},
    }),
};
