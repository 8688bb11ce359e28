import type { Envelope, PurgeBody, PurgeListView, PurgeView } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

const base = (orderNo: string) => `/control/services/${encodeURIComponent(orderNo)}/purges`;

/** A package's cache purges and prefetches: the customer's own. */
export const purgeApi = {
  list: (orderNo: string) => request<Envelope<PurgeListView>>({ url: base(orderNo) }),
  ask: (orderNo: string, body: PurgeBody) =>
    request<Envelope<PurgeView>>({ url: base(orderNo), method: "POST", data: body }),
};
