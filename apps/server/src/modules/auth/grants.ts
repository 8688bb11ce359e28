import { ADMIN_ROLE, ALL_PERMISSIONS, DEFAULT_ROLE, type Grants } from "@rampart/contracts";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from "../../db/schema.ts";

const ENABLED = "0";

/** The role keys a user's enabled roles give; a user without any gets ROLE_DEFAULT. */
export async function roleKeysOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ roleKey: sysRole.roleKey })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, ENABLED)))
    .orderBy(sysRole.sort);
  return rows.length > 0 ? rows.map((r) => r.roleKey) : [DEFAULT_ROLE];
}

/**
 * What a user may do: the keys of their enabled roles (ROLE_DEFAULT when none) and the permission
 * strings of the enabled menus those roles grant; `admin` holds `*:*:*`.
 */
export async function grantsOf(db: Db, userId: number): Promise<Grants & { roles: string[]; permissions: string[] }> {
  const roles = await roleKeysOf(db, userId);
  if (roles.includes(ADMIN_ROLE)) return { roles, permissions: [ALL_PERMISSIONS] };
  const rows = await db
    .selectDistinct({ perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(
      and(
        inArray(sysRole.roleKey, roles),
        eq(sysRole.status, ENABLED),
        eq(sysMenu.status, ENABLED),
        ne(sysMenu.perms, ""),
      ),
    );
  return { roles, permissions: rows.map((r) => r.perms).sort() };
}
