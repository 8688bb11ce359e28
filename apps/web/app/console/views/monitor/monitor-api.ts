import type {
  Envelope,
  LoginLogQuery,
  LoginLogView,
  OnlineSessionView,
  OperLogQuery,
  OperLogView,
  PageEnvelope,
  ServerStatusView,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System monitoring's requests: online users, forced logout, the login and operation logs, the server status. */
export const monitorApi = {
  online: () => request<Envelope<OnlineSessionView[]>>({ url: "/monitor/online/list" }),
  forceLogout: (sessionId: string) => request({ url: `/monitor/online/${sessionId}`, method: "DELETE" }),
  loginLog: (query: Partial<LoginLogQuery>) =>
    request<PageEnvelope<LoginLogView>>({ url: "/monitor/logininfor/list", params: query }),
  operLog: (query: Partial<OperLogQuery>) =>
    request<PageEnvelope<OperLogView>>({ url: "/monitor/operlog/list", params: query }),
  server: () => request<Envelope<ServerStatusView>>({ url: "/monitor/server" }),
};
