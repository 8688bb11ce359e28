import type { ConfigBody, ConfigView, Envelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Settings: their requests. */
export const configsApi = {
  list: (keyPrefix?: string) =>
    request<Envelope<ConfigView[]>>({ url: "/system/config/list", params: keyPrefix ? { keyPrefix } : {} }),
  create: (body: ConfigBody) => request({ url: "/system/config", method: "POST", data: body }),
  update: (configKey: string, body: Omit<ConfigBody, "configKey">) =>
    request({ url: `/system/config/${configKey}`, method: "PUT", data: body }),
  remove: (configKey: string) => request({ url: `/system/config/${configKey}`, method: "DELETE" }),
};
