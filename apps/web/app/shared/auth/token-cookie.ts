import { TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE } from "@rampart/contracts";
import Cookies from "js-cookie";

/** The Domain attribute of the session cookies for this page's host (computed by the server). */
let cookieDomain: string | undefined;

/** Called with the root loader's `cookieDomain` before any session cookie is written. */
export function setCookieDomain(domain: string | undefined): void {
  cookieDomain = domain || undefined;
}

function attributes(expiresInMinutes?: number): Cookies.CookieAttributes {
  const secure = typeof location !== "undefined" && location.protocol === "https:";
  const domain = cookieDomain;
  return {
    path: "/",
    sameSite: "Lax",
    secure,
    ...(domain ? { domain } : {}),
    ...(expiresInMinutes ? { expires: new Date(Date.now() + expiresInMinutes * 60_000) } : {}),
  };
}

/** The session token, or undefined when signed out. Being signed in means this cookie exists. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Stores the token and its lifetime (Admin-Token, Admin-Expires-In) on the registrable domain. */
export function setToken(token: string, expiresInMinutes: number): void {
  Cookies.set(TOKEN_COOKIE, token, attributes(expiresInMinutes));
  setExpiresIn(expiresInMinutes);
}

/** A refresh moved the expiry: both cookies now live that much longer. */
export function setExpiresIn(expiresInMinutes: number): void {
  const token = getToken();
  if (token) Cookies.set(TOKEN_COOKIE, token, attributes(expiresInMinutes));
  Cookies.set(TOKEN_EXPIRY_COOKIE, String(expiresInMinutes), attributes(expiresInMinutes));
}

export function removeToken(): void {
  const { domain, path } = attributes();
  for (const name of [TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE]) {
    Cookies.remove(name, { path, ...(domain ? { domain } : {}) });
    Cookies.remove(name, { path }); // a host-only copy, should one exist
  }
}
