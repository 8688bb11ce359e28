import type { Envelope, SiteAdminView, SiteBody } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Sites: its requests. */
export const sitesApi = {
  list: () => request<Envelope<SiteAdminView[]>>({ url: "/system/site/list" }),
  create: (body: SiteBody) => request<Envelope<SiteAdminView>>({ url: "/system/site", method: "POST", data: body }),
  update: (siteId: number, body: SiteBody) =>
    request<Envelope<SiteAdminView>>({ url: `/system/site/${siteId}`, method: "PUT", data: body }),
  remove: (siteId: number) => request({ url: `/system/site/${siteId}`, method: "DELETE" }),
};
