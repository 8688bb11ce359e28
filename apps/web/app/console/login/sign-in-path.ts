import { SITE_PATH_PATTERN } from "@rampart/contracts";
import { safeRedirect } from "../../shared/auth/safe-redirect";

const SITE_PATH = new RegExp(SITE_PATH_PATTERN);

/**
 * The page a visitor came from (the `redirect` of a login, registration or confirmation page),
 * kept only when it is a path of this site the server would carry too (never an open redirect);
 * undefined otherwise.
 */
export function cameFrom(redirect: string | null, origin: string): string | undefined {
  const path = safeRedirect(redirect, "", origin);
  return path && path.length <= 1000 && SITE_PATH.test(path) ? path : undefined;
}

/** The customers' sign-in, the user name filled in, leading back to `redirect` (the order) when there is one. */
export function signInPath(username: string | undefined, redirect: string | undefined): string {
  const query = new URLSearchParams({
    ...(username ? { username } : {}),
    ...(redirect ? { redirect } : {}),
  }).toString();
  return `/cloud/login${query ? `?${query}` : ""}`;
}
