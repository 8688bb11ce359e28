import { DEFAULT_ROLE, type LoginBody, type LoginSuccess, type SessionUser } from "@rampart/contracts";
import { create } from "zustand";
import { resetReloginPrompt } from "../request/request-client";
import { authApi } from "./auth-api";
import { getToken, removeToken, setExpiresIn, setToken } from "./token-cookie";

/** Shown when a user has no avatar of their own. */
export const DEFAULT_AVATAR = "/avatar-default.svg";
/** The session is refreshed this long before it would expire. */
const REFRESH_MARGIN = 0.1;

export interface SessionState {
  token: string | undefined;
  user: SessionUser | undefined;
  name: string;
  avatar: string;
  roles: string[];
  permissions: string[];
  /** A role demands a second factor the user has not set up: the console shows its setup only. */
  twoFactorEnrolment: boolean;
  /**
   * Signs in and stores the token and its lifetime; for an account with a second factor, answers
   * the token of the second step instead (then `loginSecondStep` with the code).
   */
  login(body: LoginBody): Promise<{ twoFactorToken: string } | null>;
  /** The second step: the authenticator's code (or a recovery code). */
  loginSecondStep(twoFactorToken: string, code: string): Promise<void>;
  /** Loads who the user is; a user without roles gets ROLE_DEFAULT. */
  getInfo(): Promise<void>;
  /** Extends the session and stores the new expiry. */
  refresh(): Promise<void>;
  /** Ends the session on the server, then forgets it here. */
  logout(): Promise<void>;
  /** Forgets the session without a server call (expired or revoked elsewhere). */
  forget(): void;
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh(expiresInMinutes: number, refresh: () => Promise<void>): void {
  clearTimeout(refreshTimer);
  const delay = expiresInMinutes * 60_000 * (1 - REFRESH_MARGIN);
  if (delay > 0 && delay < 2 ** 31 - 1) refreshTimer = setTimeout(() => void refresh().catch(() => {}), delay);
}

const signedOut = {
  token: undefined,
  user: undefined,
  name: "",
  avatar: "",
  roles: [],
  permissions: [],
  twoFactorEnrolment: false,
};

/** The signed-in user and what they may do (spec section 4, Session). */
export const useSession = create<SessionState>()((set, get) => ({
  ...signedOut,
  token: getToken(),

  async login(body) {
    const { data } = await authApi.login({ ...body, username: body.username.trim() });
    if ("two_factor_token" in data) return { twoFactorToken: data.two_factor_token };
    startSession(data);
    return null;
  },

  async loginSecondStep(twoFactorToken, code) {
    const { data } = await authApi.twoFactor({ two_factor_token: twoFactorToken, otp: code.trim() });
    startSession(data);
  },

  async getInfo() {
    const { data } = await authApi.getInfo();
    set({
      user: data.user,
      name: data.user.nickName || data.user.userName,
      avatar: data.user.avatar || DEFAULT_AVATAR,
      roles: data.roles.length > 0 ? data.roles : [DEFAULT_ROLE],
      permissions: data.permissions,
      twoFactorEnrolment: data.twoFactorEnrolment,
    });
  },

  async refresh() {
    const { data } = await authApi.refresh();
    setExpiresIn(data.expires_in);
    scheduleRefresh(data.expires_in, get().refresh);
  },

  async logout() {
    try {
      await authApi.logout();
    } finally {
      get().forget();
    }
  },

  forget() {
    clearTimeout(refreshTimer);
    removeToken();
    set(signedOut);
  },
}));

/** Keeps a new session's token and lifetime, and refreshes it before it runs out. */
function startSession(data: LoginSuccess): void {
  setToken(data.access_token, data.expires_in);
  resetReloginPrompt();
  useSession.setState({ token: data.access_token });
  scheduleRefresh(data.expires_in, useSession.getState().refresh);
}
