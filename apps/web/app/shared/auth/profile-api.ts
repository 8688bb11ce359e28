import type { BillingProfile, ControlOverview, Envelope } from "@rampart/contracts";
import { request } from "../request/request-client";

/** The signed-in user's own data (control center, personal center). */
export const profileApi = {
  overview: () => request<Envelope<ControlOverview> & { data: ControlOverview }>({ url: "/control/overview" }),
  updateProfile: (body: { nickName: string; email: string; phonenumber: string; timeZone?: string }) =>
    request<Envelope<null>>({ url: "/system/user/profile", method: "PUT", data: body }),
  updateAvatar: (avatar: string) =>
    request<Envelope<never>>({ url: "/system/user/profile/avatar", method: "PUT", data: { avatar } }),
  updatePassword: (body: { oldPassword: string; newPassword: string }) =>
    request<Envelope<never>>({ url: "/system/user/profile/updatePwd", method: "PUT", data: body }),
  billing: () => request<Envelope<BillingProfile>>({ url: "/system/user/profile/billing" }),
  updateBilling: (body: BillingProfile) =>
    request<Envelope<never>>({ url: "/system/user/profile/billing", method: "PUT", data: body }),
};
