import type {
  CaptchaChallenge,
  EmailConfirmed,
  Envelope,
  LoginBody,
  LoginResult,
  LoginSuccess,
  RefreshResult,
  RegisterBody,
  RegisterResult,
  RegistrationResendBody,
  UserInfo,
} from "@rampart/contracts";
import { request } from "../request/request-client";
import { browserTimeZone } from "../time-zone/browser-time-zone";

type Data<T> = Envelope<T> & { data: T };

/** The calls of spec section 7 that the session needs. */
export const authApi = {
  captcha: () =>
    request<Data<CaptchaChallenge>>({ url: "/auth/captcha", params: { scene: "nc_login" }, withToken: false }),
  login: (body: LoginBody) =>
    request<Data<LoginResult>>({
      url: "/auth/admin/login",
      method: "POST",
      data: body,
      withToken: false,
      repeatSubmit: false,
    }),
  twoFactor: (body: { two_factor_token: string; otp: string }) =>
    request<Data<LoginSuccess>>({
      url: "/auth/two-factor",
      method: "POST",
      data: body,
      withToken: false,
      repeatSubmit: false,
    }),
  forgotPassword: (body: { account: string; agentCode: string }) =>
    request<Envelope<never>>({ url: "/auth/password/forgot", method: "POST", data: body, withToken: false }),
  resetPassword: (body: { token: string; password: string }) =>
    request<Envelope<never>>({ url: "/auth/password/reset", method: "POST", data: body, withToken: false }),
  /** The token of a mailed confirmation link (answered in `msg`; a refusal is not shown as a toast). */
  confirmEmail: (token: string) =>
    request<Data<EmailConfirmed>>({
      url: "/auth/email/confirm",
      method: "POST",
      data: { token },
      withToken: false,
      // The page says why it was refused (expired, used, the address taken): no notification too.
      quietCodes: [400, 409],
      // A link opened twice is answered by the server ("already used"), not by the guard.
      repeatSubmit: false,
    }),
  resendVerification: () => request<Envelope<never>>({ url: "/auth/email/resend", method: "POST" }),
  /** A new account, with this browser's time zone (its mails are written in it; the profile changes it). */
  register: (body: RegisterBody) =>
    request<Data<RegisterResult>>({
      url: "/auth/register",
      method: "POST",
      data: { timeZone: browserTimeZone(), ...body },
      withToken: false,
    }),
  /** "Send the link again" from the page after registration, with the token the registration gave. */
  resendRegistration: (body: RegistrationResendBody) =>
    request<Envelope<never>>({
      url: "/auth/email/resend-registration",
      method: "POST",
      data: body,
      withToken: false,
      repeatSubmit: false,
    }),
  getInfo: () => request<Data<UserInfo>>({ url: "/system/user/getInfo" }),
  refresh: () =>
    request<Data<RefreshResult>>({ url: "/auth/refresh", method: "POST", repeatSubmit: false, background: true }),
  logout: () => request<Envelope<never>>({ url: "/auth/logout", method: "DELETE" }),
};
