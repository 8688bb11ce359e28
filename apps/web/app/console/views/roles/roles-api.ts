import type {
  Envelope,
  MenuGrantNode,
  PageEnvelope,
  RoleCreateBody,
  RoleListQuery,
  RoleUpdateBody,
  RoleView,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Roles: its requests. */
export const rolesApi = {
  list: (query: Partial<RoleListQuery>) => request<PageEnvelope<RoleView>>({ url: "/system/role/list", params: query }),
  menuTree: () => request<Envelope<MenuGrantNode[]>>({ url: "/system/menu/treeselect" }),
  create: (body: RoleCreateBody) => request<Envelope<RoleView>>({ url: "/system/role", method: "POST", data: body }),
  update: (roleId: number, body: RoleUpdateBody) =>
    request<Envelope<RoleView>>({ url: `/system/role/${roleId}`, method: "PUT", data: body }),
  setTwoFactor: (roleId: number, required: boolean) =>
    request<Envelope<RoleView>>({ url: `/system/role/${roleId}/twoFactor`, method: "PUT", data: { required } }),
  remove: (roleId: number) => request({ url: `/system/role/${roleId}`, method: "DELETE" }),
};
