import type {
  Envelope,
  OperatorServiceView,
  PageEnvelope,
  ServiceHistoryEntry,
  ServiceListQuery,
  ServiceOperatorMove,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** The operators' service calls (business:service:*). */
export const servicesApi = {
  list: (query: Partial<ServiceListQuery>) =>
    request<PageEnvelope<OperatorServiceView>>({ url: "/business/service/list", params: query }),
  history: (serviceId: number) =>
    request<Envelope<ServiceHistoryEntry[]>>({ url: `/business/service/${serviceId}/history` }),
  move: (serviceId: number, move: ServiceOperatorMove, reason: string) =>
    request<Envelope<never>>({ url: `/business/service/${serviceId}/${move}`, method: "POST", data: { reason } }),
  extend: (serviceId: number, days: number, reason: string) =>
    request<Envelope<never>>({ url: `/business/service/${serviceId}/extend`, method: "POST", data: { days, reason } }),
};
