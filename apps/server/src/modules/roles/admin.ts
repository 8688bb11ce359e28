import {
  ADMIN_ROLE,
  DEFAULT_ROLE,
  type Language,
  type MenuGrantNode,
  type RoleCreateBody,
  type RoleListQuery,
  type RoleUpdateBody,
  type RoleView,
} from "@rampart/contracts";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { assertCanGrant } from "../auth/grant-guard.ts";
import { menusFor } from "../menus/service.ts";

const BUILT_IN = new Set([ADMIN_ROLE, DEFAULT_ROLE]);
type RoleRow = typeof sysRole.$inferSelect;

async function menuIdsOf(db: Db, roleIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (roleIds.length === 0) return map;
  const rows = await db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
  for (const row of rows) map.set(row.roleId, [...(map.get(row.roleId) ?? []), row.menuId]);
  return map;
}

async function holdersOf(db: Db, roleIds: number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({ roleId: sysUserRole.roleId, n: count() })
    .from(sysUserRole)
    .where(inArray(sysUserRole.roleId, roleIds))
    .groupBy(sysUserRole.roleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

const view = (row: RoleRow, menuIds: number[], users: number): RoleView => ({
  roleId: row.roleId,
  roleKey: row.roleKey,
  roleName: row.roleName,
  sort: row.sort,
  status: row.status,
  requireTwoFactor: row.requireTwoFactor,
  menuIds: [...menuIds].sort((a, b) => a - b),
  users,
  builtIn: BUILT_IN.has(row.roleKey),
  createTime: row.createdAt.toISOString(),
});

/** The roles, in their order, searched by key or name (any language) and status. */
export async function listRoles(db: Db, query: RoleListQuery) {
  const keyword = query.keyword?.trim();
  const where = and(
    ...([
      keyword
        ? or(
            ilike(sysRole.roleKey, likeAnywhere(keyword)),
            ilike(sql`${sysRole.roleName}::text`, likeAnywhere(keyword)),
          )
        : undefined,
      query.status ? eq(sysRole.status, query.status) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sysRole)
      .where(where)
      .orderBy(asc(sysRole.sort), asc(sysRole.roleId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysRole).where(where),
  ]);
  const ids = rows.map((r) => r.roleId);
  const [menus, holders] = await Promise.all([menuIdsOf(db, ids), holdersOf(db, ids)]);
  return {
    rows: rows.map((row) => view(row, menus.get(row.roleId) ?? [], holders.get(row.roleId) ?? 0)),
    total: totals[0]?.total ?? 0,
  };
}

/** The menu tree an operator may hand out (all of it for admin; else what their roles grant). */
export async function grantableMenus(db: Db, actor: Actor, language: Language): Promise<MenuGrantNode[]> {
  const menus = await menusFor(db, actor);
  return menus
    .sort((a, b) => a.parentId - b.parentId || a.orderNum - b.orderNum || a.menuId - b.menuId)
    .map((menu) => ({
      menuId: menu.menuId,
      parentId: menu.parentId,
      menuType: menu.menuType,
      title: menu.title[language] || menu.title.en || menu.path,
      perms: menu.perms,
    }));
}

/**
 * The menus a role will grant: those asked for and every directory above them (a page needs its
 * directory to be reachable). Refuses a menu that does not exist.
 */
async function withAncestors(db: Db, menuIds: readonly number[]) {
  const all = await db
    .select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId, perms: sysMenu.perms })
    .from(sysMenu);
  const byId = new Map(all.map((m) => [m.menuId, m]));
  if (menuIds.some((id) => !byId.has(id))) throw new BadRequestError("menu_unknown");
  const granted = new Set<number>();
  for (let id of menuIds) {
    while (id && !granted.has(id)) {
      granted.add(id);
      id = byId.get(id)?.parentId ?? 0;
    }
  }
  return { ids: [...granted], permsOf: (ids: number[]) => ids.map((id) => byId.get(id)?.perms ?? "") };
}

async function roleInScope(db: Db, roleId: number) {
  const [row] = await db.select().from(sysRole).where(eq(sysRole.roleId, roleId));
  if (!row) throw new NotFoundError("role_not_found");
  return row;
}

/** Creates a role granting menus the operator holds themselves. */
export async function createRole(db: Db, body: RoleCreateBody, actor: Actor): Promise<RoleView> {
  if (BUILT_IN.has(body.roleKey)) throw new AppError(409, "role_key_taken", { value: body.roleKey });
  const menus = await withAncestors(db, body.menuIds);
  assertCanGrant(actor, { permissions: menus.permsOf(menus.ids) });
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sysRole.roleId })
      .from(sysRole)
      .where(sql`lower(${sysRole.roleKey}) = lower(${body.roleKey})`);
    if (taken) throw new AppError(409, "role_key_taken", { value: body.roleKey });
    const [row] = await tx
      .insert(sysRole)
      .values({ roleKey: body.roleKey, roleName: body.roleName, sort: body.sort, status: body.status })
      .returning();
    if (menus.ids.length > 0)
      await tx.insert(sysRoleMenu).values(menus.ids.map((menuId) => ({ roleId: row!.roleId, menuId })));
    return view(row!, menus.ids, 0);
  });
}

/**
 * Changes a role's names, order, status and menus. The administrator role grants everything by
 * definition and is not edited; menus given or taken must be ones the operator holds.
 */
export async function updateRole(db: Db, roleId: number, body: RoleUpdateBody, actor: Actor, now: Date) {
  const row = await roleInScope(db, roleId);
  if (row.roleKey === ADMIN_ROLE) throw new AppError(403, "role_built_in");
  const before = (await menuIdsOf(db, [roleId])).get(roleId) ?? [];
  const menus = await withAncestors(db, body.menuIds);
  const added = menus.ids.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !menus.ids.includes(id));
  assertCanGrant(actor, { permissions: menus.permsOf([...added, ...removed]) });
  const users = (await holdersOf(db, [roleId])).get(roleId) ?? 0;
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(sysRole)
      .set({ roleName: body.roleName, sort: body.sort, status: body.status, updatedAt: now })
      .where(eq(sysRole.roleId, roleId))
      .returning();
    if (added.length > 0 || removed.length > 0) {
      await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
      if (menus.ids.length > 0) await tx.insert(sysRoleMenu).values(menus.ids.map((menuId) => ({ roleId, menuId })));
    }
    return next!;
  });
  return { before: view(row, before, users), after: view(updated, menus.ids, users) };
}

/**
 * Whether a role's members must sign in with a second factor. Any role, the administrator's too,
 * but only by someone who holds it (nobody loosens the sign-in of a role above their own).
 */
export async function setRoleTwoFactor(db: Db, roleId: number, required: boolean, actor: Actor, now: Date) {
  const row = await roleInScope(db, roleId);
  assertCanGrant(actor, { roleKeys: row.roleKey === DEFAULT_ROLE ? [] : [row.roleKey] });
  const menuIds = (await menuIdsOf(db, [roleId])).get(roleId) ?? [];
  const users = (await holdersOf(db, [roleId])).get(roleId) ?? 0;
  const [next] = await db
    .update(sysRole)
    .set({ requireTwoFactor: required, updatedAt: now })
    .where(eq(sysRole.roleId, roleId))
    .returning();
  return { before: view(row, menuIds, users), after: view(next!, menuIds, users) };
}

/** Removes a role nobody holds; the built-in roles stay. */
export async function removeRole(db: Db, roleId: number, actor: Actor): Promise<RoleView> {
  const row = await roleInScope(db, roleId);
  if (BUILT_IN.has(row.roleKey)) throw new AppError(403, "role_built_in");
  const menuIds = (await menuIdsOf(db, [roleId])).get(roleId) ?? [];
  const menus = await withAncestors(db, menuIds);
  assertCanGrant(actor, { permissions: menus.permsOf(menuIds), roleKeys: [row.roleKey] });
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId));
    if ((held?.n ?? 0) > 0) throw new AppError(409, "role_in_use", { count: held!.n });
    await tx.delete(sysRole).where(eq(sysRole.roleId, roleId));
    return view(row, menuIds, 0);
  });
}
