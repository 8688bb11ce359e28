import type {
  Envelope,
  PageEnvelope,
  UserAdminView,
  UserCreateBody,
  UserFormOptions,
  UserListQuery,
  UserUpdateBody,
} from "@rampart/contracts";
import { download } from "../../../shared/request/download";
import { request } from "../../../shared/request/request-client";

export type UserFilters = Omit<Partial<UserListQuery>, "pageNum" | "pageSize">;

/** System management → Users: its requests. */
export const usersApi = {
  list: (query: Partial<UserListQuery>) =>
    request<PageEnvelope<UserAdminView>>({ url: "/system/user/list", params: query }),
  options: () => request<Envelope<UserFormOptions>>({ url: "/system/user/options" }),
  create: (body: UserCreateBody) =>
    request<Envelope<UserAdminView>>({ url: "/system/user", method: "POST", data: body }),
  update: (userId: number, body: UserUpdateBody) =>
    request<Envelope<UserAdminView>>({ url: `/system/user/${userId}`, method: "PUT", data: body }),
  resetPassword: (userId: number, password: string) =>
    request({ url: `/system/user/${userId}/resetPwd`, method: "PUT", data: { password } }),
  resetTwoFactor: (userId: number) =>
    request<Envelope<UserAdminView>>({ url: `/system/user/${userId}/twoFactor`, method: "DELETE" }),
  export: (filters: UserFilters) =>
    download({
      url: "/system/user/export",
      params: filters,
      fileName: `users-${new Date().toISOString().slice(0, 10)}.xlsx`,
    }),
};
