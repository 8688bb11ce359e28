import type { DomainSettingsBody, DomainView, Envelope, GoLiveView, ServiceDomainsView } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

const base = (orderNo: string) => `/control/services/${encodeURIComponent(orderNo)}/domains`;

/** A package's domains (CDN, DDoS, WAF): the customer's own. */
export const domainsApi = {
  list: (orderNo: string) => request<Envelope<ServiceDomainsView>>({ url: base(orderNo) }),
  add: (orderNo: string, name: string) =>
    request<Envelope<DomainView>>({ url: base(orderNo), method: "POST", data: { name } }),
  verify: (orderNo: string, domainId: number) =>
    request<Envelope<{ ok: boolean }>>({ url: `${base(orderNo)}/${domainId}/verify`, method: "POST" }),
  save: (orderNo: string, domainId: number, body: DomainSettingsBody) =>
    request<Envelope<DomainView>>({ url: `${base(orderNo)}/${domainId}`, method: "PUT", data: body }),
  remove: (orderNo: string, domainId: number) =>
    request<Envelope<never>>({ url: `${base(orderNo)}/${domainId}`, method: "DELETE" }),
  goLive: (orderNo: string, domainId: number) =>
    request<Envelope<GoLiveView>>({ url: `${base(orderNo)}/${domainId}/go-live` }),
};
