import type { DashboardQuery, DashboardView, Envelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** The dashboard's figures for the signed-in user's scope, on the viewer's own days. */
export const dashboardApi = {
  load: (days: number) =>
    request<Envelope<DashboardView> & { data: DashboardView }>({
      url: "/control/dashboard",
      params: { days, utcOffset: -new Date().getTimezoneOffset() } satisfies DashboardQuery,
    }),
};
