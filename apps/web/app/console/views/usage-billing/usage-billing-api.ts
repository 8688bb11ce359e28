import type { Envelope, UsageOverview, UsageOverviewQuery } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** Business → Usage (business:usage:list). */
export const usageBillingApi = {
  overview: (params: UsageOverviewQuery) =>
    request<Envelope<UsageOverview> & { data: UsageOverview }>({ url: "/business/usage/overview", params }),
};

/** A package's series, as its customer sees them (the usage page of My services). */
export const seriesHref = (orderNo: string) => `/control/services/usage?${new URLSearchParams({ oid: orderNo })}`;

/** The twelve months before `month` and itself, newest first, as YYYY-MM. */
export function monthsUpTo(month: string): string[] {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(year, number - 1 - i, 1)).toISOString().slice(0, 7));
}
