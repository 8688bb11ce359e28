import type { Envelope, OwnSession, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

type Data<T> = Envelope<T> & { data: T };
const TWO_FACTOR = "/system/user/profile/twoFactor";
const SESSIONS = "/system/user/profile/sessions";

/** The signed-in user's own sign-in security: their second factor and their sessions. */
export const securityApi = {
  twoFactorStatus: () => request<Data<TwoFactorStatus>>({ url: TWO_FACTOR }),
  /** A new authenticator to scan; replacing the one in use takes the password and a current code. */
  /** A first setup takes the password; moving to a new authenticator, a current code too. */
  beginSetup: (proof: { password: string; code?: string | undefined }) =>
    request<Data<TwoFactorSetup>>({
      url: `${TWO_FACTOR}/setup`,
      method: "POST",
      data: { password: proof.password, ...(proof.code ? { otp: proof.code.trim() } : {}) },
    }),
  enable: (code: string) =>
    request<Data<RecoveryCodes>>({ url: `${TWO_FACTOR}/enable`, method: "POST", data: { otp: code.trim() } }),
  newRecoveryCodes: (code: string) =>
    request<Data<RecoveryCodes>>({ url: `${TWO_FACTOR}/recoveryCodes`, method: "POST", data: { otp: code.trim() } }),
  disable: (code: string) =>
    request<Envelope<never>>({ url: `${TWO_FACTOR}/disable`, method: "POST", data: { otp: code.trim() } }),
  sessions: () => request<Data<OwnSession[]>>({ url: SESSIONS }),
  endSession: (sessionId: string) =>
    request<Envelope<never>>({ url: `${SESSIONS}/${encodeURIComponent(sessionId)}`, method: "DELETE" }),
  endOtherSessions: () => request<Data<{ ended: number }>>({ url: SESSIONS, method: "DELETE" }),
};
