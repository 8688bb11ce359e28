import type { MenuAdminView, MenuBody } from "@rampart/contracts";
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysMenu } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { assertCanGrant } from "../auth/grant-guard.ts";

type MenuRow = typeof sysMenu.$inferSelect;

const view = (row: MenuRow): MenuAdminView => ({
  menuId: row.menuId,
  parentId: row.parentId,
  menuType: row.menuType,
  title: row.title,
  orderNum: row.orderNum,
  path: row.path,
  component: row.component,
  query: row.query,
  perms: row.perms,
  icon: row.icon,
  isExternal: row.isExternal,
  isCache: row.isCache,
  hidden: row.hidden,
  status: row.status,
});

/** Every menu entry, parents before children, in their order (the page builds the tree). */
export async function listMenus(db: Db): Promise<MenuAdminView[]> {
  const rows = await db
    .select()
    .from(sysMenu)
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  return rows.map(view);
}

/** Where each type may sit: a directory at the top or in a directory, a page likewise, a button under a page. */
const ALLOWED_PARENTS: Record<MenuBody["menuType"], (string | null)[]> = {
  M: [null, "M"],
  C: [null, "M"],
  F: ["C"],
};

async function assertPlacement(db: Db, body: MenuBody, menuId: number | null) {
  let parentType: string | null = null;
  if (body.parentId !== 0) {
    const [parent] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, body.parentId));
    if (!parent) throw new BadRequestError("menu_parent_invalid");
    parentType = parent.menuType;
    // Not under itself or one of its own entries.
    for (let at: MenuRow | undefined = parent; at; ) {
      if (at.menuId === menuId) throw new BadRequestError("menu_parent_invalid");
      if (at.parentId === 0) break;
      [at] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, at.parentId));
    }
  }
  if (!ALLOWED_PARENTS[body.menuType].includes(parentType)) throw new BadRequestError("menu_parent_invalid");
}

const fieldsOf = (body: MenuBody) => ({
  ...body,
  // A button is only a permission: no route of its own.
  ...(body.menuType === "F" ? { path: "", component: "", query: "", isExternal: false } : {}),
  // Only pages have a component.
  ...(body.menuType === "M" ? { component: "" } : {}),
});

/** Adds a menu entry; a permission it carries must be one the operator holds. */
export async function createMenu(db: Db, body: MenuBody, actor: Actor): Promise<MenuAdminView> {
  assertCanGrant(actor, { permissions: [body.perms] });
  await assertPlacement(db, body, null);
  const [row] = await db.insert(sysMenu).values(fieldsOf(body)).returning();
  return view(row!);
}

export async function updateMenu(db: Db, menuId: number, body: MenuBody, actor: Actor, now: Date) {
  const [before] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
  if (!before) throw new NotFoundError("menu_not_found");
  assertCanGrant(actor, { permissions: [before.perms, body.perms] });
  await assertPlacement(db, body, menuId);
  const [after] = await db
    .update(sysMenu)
    .set({ ...fieldsOf(body), updatedAt: now })
    .where(eq(sysMenu.menuId, menuId))
    .returning();
  return { before: view(before), after: view(after!) };
}

/** Removes an entry without entries under it (its grants go with it). */
export async function removeMenu(db: Db, menuId: number, actor: Actor): Promise<MenuAdminView> {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
  if (!row) throw new NotFoundError("menu_not_found");
  assertCanGrant(actor, { permissions: [row.perms] });
  const [children] = await db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, menuId));
  if ((children?.n ?? 0) > 0) throw new AppError(409, "menu_has_children");
  await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
  return view(row);
}
