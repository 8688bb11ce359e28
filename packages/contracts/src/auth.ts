import { type Static, Type } from "typebox";
import { SingleLine } from "./field-kinds.ts";

/** The captcha scene of the login and registration forms. */
export const LOGIN_CAPTCHA_SCENE = "nc_login";

/**
 * The slider captcha's result, as the login form sends it (spec section 3): which challenge
 * (sessionId), its signature (sig), the solved proof (token), the scene and the app key.
 */
export const VerifyInfo = Type.Object({
  sessionId: SingleLine({ minLength: 1, maxLength: 128 }),
  sig: SingleLine({ minLength: 1, maxLength: 512 }),
  token: SingleLine({ minLength: 1, maxLength: 8192 }),
  scene: SingleLine({ minLength: 1, maxLength: 32 }),
  appKey: SingleLine({ maxLength: 128 }),
});
export type VerifyInfo = Static<typeof VerifyInfo>;

/** A challenge for the slider: the browser solves it while the user drags. */
export const CaptchaChallenge = Type.Object({
  enabled: Type.Boolean(),
  appKey: Type.String(),
  scene: Type.String(),
  /** altcha-lib's challenge (parameters and signature); absent when the captcha is off. */
  challenge: Type.Optional(Type.Unknown()),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

export const USERNAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$";
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const LoginBody = Type.Object({
  username: SingleLine({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  verifyInfo: Type.Optional(VerifyInfo),
  agentCode: Type.Optional(SingleLine({ maxLength: 64 })),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginSuccess = Type.Object({
  access_token: Type.String(),
  /** Minutes until the session expires unless refreshed. */
  expires_in: Type.Integer(),
});
export type LoginSuccess = Static<typeof LoginSuccess>;

/**
 * The account signs in with a second factor: the code goes to /auth/two-factor with this token.
 * Asked whether or not the password was right (the answer comes after the code).
 */
export const TwoFactorAsked = Type.Object({
  two_factor_token: Type.String(),
});
export type TwoFactorAsked = Static<typeof TwoFactorAsked>;

export const LoginResult = Type.Union([LoginSuccess, TwoFactorAsked]);
export type LoginResult = Static<typeof LoginResult>;

/** An authenticator's six digits, or a recovery code (`xxxxx-xxxxx`): `otp` in bodies (kept out of logs). */
export const TwoFactorCode = SingleLine({ minLength: 6, maxLength: 16 });

export const TwoFactorLoginBody = Type.Object(
  { two_factor_token: Type.String({ minLength: 1, maxLength: 2048 }), otp: TwoFactorCode },
  { additionalProperties: false },
);
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBody>;

export const TwoFactorCodeBody = Type.Object({ otp: TwoFactorCode }, { additionalProperties: false });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

/**
 * Setting up an authenticator. None on yet: the password. To move to a new one while one is on, the
 * password and a current code of the one in use (or a recovery code): a session alone is not enough.
 */
export const TwoFactorSetupBody = Type.Object(
  { password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })), otp: Type.Optional(TwoFactorCode) },
  { additionalProperties: false },
);
export type TwoFactorSetupBody = Static<typeof TwoFactorSetupBody>;

/** The caller's second factor, as the personal center shows it. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Type.Union([Type.String(), Type.Null()]),
  /** A role of the user's says its members must use a second factor. */
  required: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A new authenticator to scan: the secret, its otpauth:// address and that address as a QR code (SVG). */
export const TwoFactorSetup = Type.Object({ secret: Type.String(), uri: Type.String(), qrSvg: Type.String() });
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

/** Recovery codes, shown once. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

/**
 * A page of this site to come back to (the order a visitor was configuring when they registered):
 * a path beginning with one `/`, never `//host` or `/\\host`, no spaces (never an open redirect).
 */
export const SITE_PATH_PATTERN = "^/(?![/\\\\])\\S*$";
export const SitePath = Type.String({ maxLength: 1000, pattern: SITE_PATH_PATTERN });

export const RegisterBody = Type.Object({
  username: Type.String({ pattern: USERNAME_PATTERN }),
  password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  email: Type.Optional(Type.String({ maxLength: 254, format: "email" })),
  phone: Type.Optional(Type.String({ pattern: "^\\+?[0-9][0-9 -]{5,19}$" })),
  verifyInfo: Type.Optional(VerifyInfo),
  agentCode: Type.Optional(SingleLine({ maxLength: 64 })),
  /** Where the visitor came from (the order page): the confirmation link leads back there after sign-in. */
  redirect: Type.Optional(SitePath),
  /** The browser's time zone (Intl.DateTimeFormat().resolvedOptions().timeZone): mails are written in it; ignored unless a real IANA zone. */
  timeZone: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

/**
 * A registration's answer: the address its confirmation link went to, and a token with which the
 * page after registration may ask for the link again (no session yet); both null without a link.
 */
export const RegisterResult = Type.Object({
  confirmTo: Type.Union([Type.String(), Type.Null()]),
  resendToken: Type.Union([Type.String(), Type.Null()]),
});
export type RegisterResult = Static<typeof RegisterResult>;

/** "Send the link again" from the page after registration: its token, and the page to come back to. */
export const RegistrationResendBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" }),
    redirect: Type.Optional(SitePath),
  },
  { additionalProperties: false },
);
export type RegistrationResendBody = Static<typeof RegistrationResendBody>;

/**
 * The password rule for new passwords: 8 to 64 characters with at least one letter and one digit,
 * and not containing the user name. Returns the message key of the first rule broken.
 */
export function passwordProblem(
  password: string,
  userName: string,
): "password_length" | "password_letters_digits" | "password_contains_user_name" | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return "password_length";
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return "password_letters_digits";
  if (userName && password.toLowerCase().includes(userName.toLowerCase())) return "password_contains_user_name";
  return undefined;
}

export const SessionUser = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  email: Type.String(),
  phonenumber: Type.String(),
  avatar: Type.String(),
  status: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  loginIp: Type.String(),
  loginDate: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  /** The address is confirmed (a mailed link was opened, or an operator set it). */
  emailVerified: Type.Optional(Type.Boolean()),
  /** The IANA zone mails are written in; "" for the site's. */
  timeZone: Type.Optional(Type.String()),
});
export type SessionUser = Static<typeof SessionUser>;

export const UserInfo = Type.Object({
  user: SessionUser,
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  /**
   * A role of the user's demands a second factor they have not set up: nothing but setting it up
   * (and signing out) is allowed until they do.
   */
  twoFactorEnrolment: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

export const RefreshResult = Type.Object({ expires_in: Type.Integer() });
export type RefreshResult = Static<typeof RefreshResult>;

/** One of the caller's own sessions (the personal center). */
export const OwnSession = Type.Object({
  sessionId: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  loginAt: Type.String(),
  lastSeenAt: Type.String(),
  /** The session this request came with. */
  current: Type.Boolean(),
});
export type OwnSession = Static<typeof OwnSession>;

/** "Forgot password": the account by its user name or e-mail address. */
export const ForgotPasswordBody = Type.Object(
  { account: SingleLine({ minLength: 1, maxLength: 254 }), agentCode: Type.Optional(SingleLine({ maxLength: 64 })) },
  { additionalProperties: false },
);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

/** A new password through the link of a reset mail. */
export const PasswordResetBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** The token of an e-mail confirmation link (registration, or a new address). */
export const EmailConfirmBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" }) },
  { additionalProperties: false },
);
export type EmailConfirmBody = Static<typeof EmailConfirmBody>;

/** An address confirmed: the account's user name, for the sign-in that follows. */
export const EmailConfirmed = Type.Object({ userName: Type.String() });
export type EmailConfirmed = Static<typeof EmailConfirmed>;
