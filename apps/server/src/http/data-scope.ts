import { ALL_PERMISSIONS } from "@rampart/contracts";
import type { Principal } from "./principal.ts";

/**
 * The site whose records an operator may see and change: an operator bound to a site (their
 * account has one) sees only that site's customers, leads and orders; an administrator, or an
 * operator bound to none, sees all (null). Computed from the session, never from the request.
 */
export function siteScopeOf(principal: Principal): number | null {
  if (principal.permissions.includes(ALL_PERMISSIONS)) return null;
  return principal.siteId;
}
