import type { Envelope, MonitorBody, MonitorRange, MonitorReport, MonitorView } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** The signed-in customer's website monitors (Control center → Monitoring). */
export const monitorsApi = {
  list: () => request<Envelope<MonitorView[]>>({ url: "/control/monitors" }),
  create: (body: MonitorBody) =>
    request<Envelope<MonitorView>>({ url: "/control/monitors", method: "POST", data: body }),
  update: (monitorId: number, body: MonitorBody) =>
    request<Envelope<MonitorView>>({ url: `/control/monitors/${monitorId}`, method: "PUT", data: body }),
  remove: (monitorId: number) => request<Envelope<never>>({ url: `/control/monitors/${monitorId}`, method: "DELETE" }),
  checkNow: (monitorId: number) =>
    request<Envelope<never>>({ url: `/control/monitors/${monitorId}/check`, method: "POST" }),
  report: (monitorId: number, range: MonitorRange) =>
    request<Envelope<MonitorReport>>({ url: `/control/monitors/${monitorId}/report`, params: { range } }),
};

/** The body of a monitor as it is saved (from a view of it). */
export const bodyOf = (monitor: MonitorView): MonitorBody => ({
  name: monitor.name,
  url: monitor.url,
  method: monitor.method,
  expectedStatus: monitor.expectedStatus,
  keyword: monitor.keyword,
  intervalSeconds: monitor.intervalSeconds,
  enabled: monitor.enabled,
});
