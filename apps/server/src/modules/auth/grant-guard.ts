import { ADMIN_ROLE, DEFAULT_ROLE, type Grants, holdsPermission } from "@rampart/contracts";
import { AppError } from "../../http/errors.ts";

/**
 * What an operator asks to hand out: roles to a user, or menus (with their permission strings) to
 * a role.
 */
export interface GrantRequest {
  roleKeys?: readonly string[];
  permissions?: readonly string[];
}

/**
 * Nobody can grant what they do not hold: an operator can give a user only roles they hold
 * themselves, and give a role only permissions they hold. `admin` (who holds everything) can grant
 * anything. Throws 403 otherwise; the user-, role- and menu-management services call this before
 * they write.
 */
export function assertCanGrant(actor: Grants, request: GrantRequest): void {
  if (actor.roles.includes(ADMIN_ROLE)) return;
  const roleMissing = (request.roleKeys ?? []).some((role) => role === ADMIN_ROLE || !actor.roles.includes(role));
  const permissionMissing = (request.permissions ?? []).some(
    (permission) => permission !== "" && !holdsPermission(actor, permission),
  );
  if (roleMissing || permissionMissing) throw new AppError(403, "forbidden");
}

/**
 * Nobody acts on a user who holds more than they do. Resetting someone's password, editing or
 * disabling them, ending their sessions or resetting their second factor all yield (or take away)
 * that user's powers: an operator holding only user management could otherwise reset the password
 * of an order manager and sign in as them. The target's roles (ROLE_DEFAULT, which every customer
 * has and anyone can get by registering, aside) and permissions must all be the actor's own; the
 * administrator may act on anyone. Throws 403 "user_outranks_actor" otherwise.
 */
export function assertCanActOn(actor: Grants, target: Grants): void {
  if (actor.roles.includes(ADMIN_ROLE)) return;
  const roleMissing = target.roles.some(
    (role) => role !== DEFAULT_ROLE && (role === ADMIN_ROLE || !actor.roles.includes(role)),
  );
  const permissionMissing = target.permissions.some(
    (permission) => permission !== "" && !holdsPermission(actor, permission),
  );
  if (roleMissing || permissionMissing) throw new AppError(403, "user_outranks_actor");
}
