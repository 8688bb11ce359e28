import type { LeadListQuery, LeadStatus, LeadView, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** Business operations → Leads (business:lead:list, business:lead:edit). */
export const leadsApi = {
  list: (query: Partial<LeadListQuery>) => request<PageEnvelope<LeadView>>({ url: "/lead/list", params: query }),
  move: (leadId: number, status: LeadStatus, note: string) =>
    request({ url: `/lead/${leadId}/status`, method: "POST", data: note ? { status, note } : { status } }),
};
