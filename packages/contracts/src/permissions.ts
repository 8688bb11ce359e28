/**
 * The one rule for "may this user do that?", used by the server's guards and by the console's
 * menus, routes and buttons (spec section 6): `admin` passes every role check, `*:*:*` passes
 * every permission check, and a missing, non-array or empty requirement fails.
 */

/** The role that passes every role check. */
export const ADMIN_ROLE = "admin";
/** The permission that passes every permission check. */
export const ALL_PERMISSIONS = "*:*:*";
/** The role of a user who holds none (customers). */
export const DEFAULT_ROLE = "ROLE_DEFAULT";
/** The role of the provider's staff as seeded (sales and support: orders, leads, customers of their site). */
export const OPERATOR_ROLE = "operator";

/**
 * Every permission there is: the console's menus and buttons grant them (the seed), routes and
 * views ask for them. Code names them as `Permission`, so a misspelt one does not compile; a test
 * keeps this list equal to the seeded menus' permissions.
 */
export const PERMISSIONS = [
  "business:balance:adjust",
  "business:balance:list",
  "business:catalog:edit",
  "business:catalog:list",
  "business:coupon:add",
  "business:coupon:edit",
  "business:coupon:list",
  "business:coupon:remove",
  "business:dashboard:view",
  "business:help:edit",
  "business:help:list",
  "business:invoice:export",
  "business:invoice:list",
  "business:lead:edit",
  "business:lead:list",
  "business:manage:query",
  "business:order:close",
  "business:order:confirm",
  "business:order:list",
  "business:order:refund",
  "business:service:extend",
  "business:service:list",
  "business:service:suspend",
  "business:service:terminate",
  "business:ticket:edit",
  "business:ticket:list",
  "business:ticket:reply",
  "business:usage:list",
  "monitor:logininfor:list",
  "monitor:mail:list",
  "monitor:mail:resend",
  "monitor:online:forceLogout",
  "monitor:online:list",
  "monitor:operlog:list",
  "monitor:server:list",
  "system:config:add",
  "system:config:edit",
  "system:config:list",
  "system:config:remove",
  "system:dict:add",
  "system:dict:edit",
  "system:dict:list",
  "system:dict:remove",
  "system:mailTemplate:edit",
  "system:mailTemplate:list",
  "system:mailTemplate:query",
  "system:mailTemplate:test",
  "system:manage:query",
  "system:menu:add",
  "system:menu:edit",
  "system:menu:list",
  "system:menu:remove",
  "system:monitor:query",
  "system:notice:add",
  "system:notice:edit",
  "system:notice:list",
  "system:notice:remove",
  "system:role:add",
  "system:role:edit",
  "system:role:list",
  "system:role:remove",
  "system:site:add",
  "system:site:edit",
  "system:site:list",
  "system:site:remove",
  "system:tool:query",
  "system:user:add",
  "system:user:edit",
  "system:user:export",
  "system:user:list",
  "system:user:query",
  "system:user:remove",
  "system:user:resetPwd",
  "system:webhook:add",
  "system:webhook:edit",
  "system:webhook:list",
  "system:webhook:remove",
  "system:webhook:replay",
  "tool:build:view",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions that change global objects (every site's settings, the list of sites, roles,
 * menus, dictionaries, the mail templates): an operator bound to one site holds them in vain. The server refuses such
 * a change (routes declare `global: true`; a test keeps the two lists equal) and the console hides
 * the buttons (`withoutGlobal`).
 */
export const GLOBAL_PERMISSIONS: ReadonlySet<string> = new Set<Permission>([
  "system:site:add",
  "system:site:remove",
  "system:config:add",
  "system:config:edit",
  "system:config:remove",
  "system:role:add",
  "system:role:edit",
  "system:role:remove",
  "system:menu:add",
  "system:menu:edit",
  "system:menu:remove",
  "system:dict:add",
  "system:dict:edit",
  "system:dict:remove",
  "system:mailTemplate:edit",
]);

/**
 * What a user bound to a site may actually do: their permissions without the global ones (an
 * administrator, who holds `*:*:*`, and operators bound to no site keep them all).
 */
export function withoutGlobal<T extends Grants>(grants: T, siteId: number | null): T {
  if (siteId === null || grants.permissions.includes(ALL_PERMISSIONS)) return grants;
  return { ...grants, permissions: grants.permissions.filter((p) => !GLOBAL_PERMISSIONS.has(p)) };
}

export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

const nonEmptyList = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && item !== "");

/** Whether the user holds a permission the code names. */
export function hasPermission(grants: Grants, permission: Permission): boolean {
  return holdsPermission(grants, permission);
}

/** The same for a permission read from data (a menu's, a role being granted): any string. */
export function holdsPermission(grants: Grants, permission: string): boolean {
  if (typeof permission !== "string" || permission === "") return false;
  return grants.permissions.includes(ALL_PERMISSIONS) || grants.permissions.includes(permission);
}

export function hasAnyPermission(grants: Grants, permissions: unknown): boolean {
  return nonEmptyList(permissions) && permissions.some((p) => holdsPermission(grants, p));
}

export function hasAllPermissions(grants: Grants, permissions: unknown): boolean {
  return nonEmptyList(permissions) && permissions.every((p) => holdsPermission(grants, p));
}

export function hasRole(grants: Grants, role: string): boolean {
  if (typeof role !== "string" || role === "") return false;
  return grants.roles.includes(ADMIN_ROLE) || grants.roles.includes(role);
}

export function hasAnyRole(grants: Grants, roles: unknown): boolean {
  return nonEmptyList(roles) && roles.some((r) => hasRole(grants, r));
}

export function hasAllRoles(grants: Grants, roles: unknown): boolean {
  return nonEmptyList(roles) && roles.every((r) => hasRole(grants, r));
}

/**
 * What a route or menu entry asks of the user: nothing beyond being signed in, at least one of
 * some permissions, or else at least one of some roles (the console's route rule, spec section 6).
 */
export interface Requirement {
  permissions?: readonly string[];
  roles?: readonly string[];
}

export function meets(grants: Grants, requirement: Requirement | undefined): boolean {
  if (!requirement) return true;
  if (requirement.permissions !== undefined) return hasAnyPermission(grants, requirement.permissions);
  if (requirement.roles !== undefined) return hasAnyRole(grants, requirement.roles);
  return true;
}
