import { readFileSync } from "node:fs";
import { and, asc, eq, inArray, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizTicketDepartment, bizTicketSla, sysConfig, sysMenu, sysRole, sysRoleMenu } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

// Migration 0060 gives installations seeded before the support desk its pages, buttons, settings,
// departments and service levels: Control center → Support after Certificates (customers and
// operators), Business → Support desk after Leads with Reply and Assign (operators), once.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// Its hand-written part (the tables before it are made once, as every migration's are).
const migration = readFileSync(serverFile("drizzle", "0060_support_desk.sql"), "utf8");
const statements = migration
  .slice(migration.indexOf("-- Hand-written: the installation's departments"))
  .split("--> statement-breakpoint");
const migrate = async () => {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
};

/** A root menu's pages in order, and who holds the support pages and buttons. */
async function menus(root: "control" | "business") {
  const db = database.db;
  const [parent] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.parentId, 0), eq(sysMenu.path, root)));
  const pages = await db
    .select({ menuId: sysMenu.menuId, path: sysMenu.path, orderNum: sysMenu.orderNum })
    .from(sysMenu)
    .where(eq(sysMenu.parentId, parent!.menuId))
    .orderBy(asc(sysMenu.orderNum), asc(sysMenu.menuId));
  return { pages, paths: pages.map((page) => page.path) };
}
const supportEntries = () =>
  database.db
    .select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId, orderNum: sysMenu.orderNum })
    .from(sysMenu)
    .where(or(like(sysMenu.component, "%/support/index"), like(sysMenu.perms, "business:ticket:%")));
async function grants() {
  const rows = await database.db
    .select({ roleKey: sysRole.roleKey, component: sysMenu.component, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(or(like(sysMenu.component, "%/support/index"), like(sysMenu.perms, "business:ticket:%")));
  return rows.map((row) => `${row.roleKey} ${row.perms || row.component}`).sort();
}

it("adds the support pages, buttons and settings to an installation seeded without them, once", async () => {
  const db = database.db;
  const seeded = { control: await menus("control"), business: await menus("business"), grants: await grants() };
  expect(seeded.control.paths.slice(4, 7)).toEqual(["monitors", "certificates", "support"]);
  expect(seeded.business.paths.slice(0, 5)).toEqual(["dashboard", "lead", "support", "help", "order"]);
  expect(seeded.grants).toEqual([
    "ROLE_DEFAULT control/support/index",
    "operator business:ticket:edit",
    "operator business:ticket:list",
    "operator business:ticket:reply",
    "operator control/support/index",
  ]);
  // Every installation has the departments and service levels (made by the migration itself).
  expect(await db.select().from(bizTicketDepartment)).toHaveLength(4);
  expect(await db.select().from(bizTicketSla)).toHaveLength(4);

  // As an installation seeded before: none of it, the pages after them one place up.
  const entries = await supportEntries();
  const ids = entries.map((entry) => entry.menuId);
  await db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, ids));
  await db.delete(sysMenu).where(inArray(sysMenu.menuId, ids));
  for (const page of entries.filter(
    (entry) =>
      seeded.control.pages.some((p) => p.menuId === entry.menuId) ||
      seeded.business.pages.some((p) => p.menuId === entry.menuId),
  )) {
    await db
      .update(sysMenu)
      .set({ orderNum: sql`${sysMenu.orderNum} - 1` })
      .where(and(eq(sysMenu.parentId, page.parentId), sql`${sysMenu.orderNum} > ${page.orderNum}`));
  }
  await db.delete(sysConfig).where(like(sysConfig.configKey, "sys.support.%"));
  expect((await menus("control")).paths).not.toContain("support");

  await migrate();
  expect((await menus("control")).paths).toEqual(seeded.control.paths);
  expect((await menus("business")).paths).toEqual(seeded.business.paths);
  expect(await grants()).toEqual(seeded.grants);
  const settings = await db.select().from(sysConfig).where(like(sysConfig.configKey, "sys.support.%"));
  expect(Object.fromEntries(settings.map((row) => [row.configKey, row.configValue]))).toEqual({
    "sys.support.reopenDays": "14",
    "sys.support.attachmentMaxMb": "10",
    "sys.support.attachmentsPerMessage": "5",
  });

  // Run again (or on an installation seeded with it): nothing moves, nothing is added.
  const migrated = { control: await menus("control"), business: await menus("business") };
  await migrate();
  expect(await menus("control")).toEqual(migrated.control);
  expect(await menus("business")).toEqual(migrated.business);
  expect(await grants()).toEqual(seeded.grants);
  expect(await db.select().from(bizTicketDepartment)).toHaveLength(4);
});
