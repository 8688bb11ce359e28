import type { Envelope, UsageSeriesQuery, UsageSeriesView } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** A package's usage (its owner's, or an operator's of its site). */
export const usageApi = {
  series: (orderNo: string, query: UsageSeriesQuery) =>
    request<Envelope<UsageSeriesView> & { data: UsageSeriesView }>({
      url: `/control/services/${encodeURIComponent(orderNo)}/usage`,
      params: Object.fromEntries(Object.entries(query).filter(([, value]) => value)),
    }),
};
