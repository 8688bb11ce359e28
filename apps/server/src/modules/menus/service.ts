import { ADMIN_ROLE, type Grants } from "@rampart/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysMenu, sysRole, sysRoleMenu } from "../../db/schema.ts";
import type { MenuRow } from "./router-tree.ts";

const ENABLED = "0";

/** The enabled menu rows a user may see: all for admin, else those their enabled roles grant. */
export async function menusFor(db: Db, grants: Grants): Promise<MenuRow[]> {
  if (grants.roles.includes(ADMIN_ROLE)) {
    return db.select().from(sysMenu).where(eq(sysMenu.status, ENABLED));
  }
  const rows = await db
    .selectDistinct({ menu: sysMenu })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .where(and(eq(sysMenu.status, ENABLED), eq(sysRole.status, ENABLED), inArray(sysRole.roleKey, [...grants.roles])));
  return rows.map((r) => r.menu);
}
