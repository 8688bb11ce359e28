import type { Envelope, MenuAdminView, MenuBody } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Menus: its requests. */
export const menusApi = {
  list: () => request<Envelope<MenuAdminView[]>>({ url: "/system/menu/list" }),
  create: (body: MenuBody) => request<Envelope<MenuAdminView>>({ url: "/system/menu", method: "POST", data: body }),
  update: (menuId: number, body: MenuBody) =>
    request<Envelope<MenuAdminView>>({ url: `/system/menu/${menuId}`, method: "PUT", data: body }),
  remove: (menuId: number) => request({ url: `/system/menu/${menuId}`, method: "DELETE" }),
};
