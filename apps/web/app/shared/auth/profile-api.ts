import type { BillingProfile, Envelope } from "@rampart/contracts";
import { request } from "../request/request-client";

export interface Overview {
  memberSince: string;
  lastLogin: { ip: string; at: string } | null;
  activeSessions: number;
  logins30d: { succeeded: number; failed: number };
  recentLogins: { ip: string; userAgent: string; success: boolean; at: string }[];
  business: { services: number; expiringSoon: number; unpaidOrders: number };
  platform?: { operators: number; customers: number; sites: number; onlineSessions: number };
}

/** The signed-in user's own data (control center, personal center). */
export const profileApi = {
  overview: () => request<Envelope<Overview> & { data: Overview }>({ url: "/control/overview" }),
  updateProfile: (body: { nickName: string; email: string; phonenumber: string }) =>
    request<Envelope<null>>({ url: "/system/user/profile", method: "PUT", data: body }),
  updateAvatar: (avatar: string) =>
    request<Envelope<never>>({ url: "/system/user/profile/avatar", method: "PUT", data: { avatar } }),
  updatePassword: (body: { oldPassword: string; newPassword: string }) =>
    request<Envelope<never>>({ url: "/system/user/profile/updatePwd", method: "PUT", data: body }),
  billing: () => request<Envelope<BillingProfile>>({ url: "/system/user/profile/billing" }),
  updateBilling: (body: BillingProfile) =>
    request<Envelope<never>>({ url: "/system/user/profile/billing", method: "PUT", data: body }),
};
