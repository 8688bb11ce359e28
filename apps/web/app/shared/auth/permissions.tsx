import {
  ALL_PERMISSIONS,
  type Grants,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  type Permission,
  withoutGlobal,
} from "@rampart/contracts";
import { type ReactNode, useMemo } from "react";
import { useSession } from "./session-store";

/**
 * What the signed-in user may do (empty when signed out): their roles and permissions, less the
 * global ones when they are bound to a site (the server would refuse those changes).
 */
export function useGrants(): Grants {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const siteId = useSession((s) => s.user?.siteId ?? null);
  return useMemo(() => withoutGlobal({ roles, permissions }, siteId), [roles, permissions, siteId]);
}

/**
 * The site the server scopes the signed-in user's records to (its siteScopeOf): their site when
 * they are bound to one, null when they are bound to none or are an administrator (`*:*:*`).
 */
export function useSiteScope(): number | null {
  const siteId = useSession((s) => s.user?.siteId ?? null);
  const permissions = useSession((s) => s.permissions);
  return siteId !== null && !permissions.includes(ALL_PERMISSIONS) ? siteId : null;
}

export interface CanProps {
  /** Shown when the user holds at least one (or, with `all`, every) of these permissions. */
  permissions?: readonly Permission[];
  /** Or: shown when the user holds at least one (or every) of these roles. */
  roles?: readonly string[];
  all?: boolean;
  children: ReactNode;
}

const isNonEmptyList = (value: unknown) => Array.isArray(value) && value.length > 0;

/**
 * Renders its children only when the user has access, and nothing otherwise (the v-hasPermi and
 * v-hasRole directives of the original). Like them it throws when given no list to check: a
 * missing requirement is a programming error, not a reason to show or hide silently.
 */
export function Can({ permissions, roles, all = false, children }: CanProps) {
  const grants = useGrants();
  if (permissions !== undefined) {
    if (!isNonEmptyList(permissions)) throw new Error('Can: set permissions, e.g. permissions={["system:user:add"]}');
    const allowed = all ? hasAllPermissions(grants, permissions) : hasAnyPermission(grants, permissions);
    return allowed ? children : null;
  }
  if (!isNonEmptyList(roles)) throw new Error('Can: set permissions or roles, e.g. roles={["admin"]}');
  return (all ? hasAllRoles(grants, roles) : hasAnyRole(grants, roles)) ? children : null;
}
