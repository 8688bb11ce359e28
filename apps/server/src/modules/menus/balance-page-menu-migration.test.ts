import { readFileSync } from "node:fs";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { sysMenu, sysRole, sysRoleMenu } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

// Migration 0049 gives installations seeded before the balance its page: Control center →
// Balance after My services, for operators and customers, once.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const statements = readFileSync(serverFile("drizzle", "0051_balance_page_menu.sql"), "utf8").split(
  "--> statement-breakpoint",
);
const migrate = async () => {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
};

/** The control center's pages in their order, and the roles the balance page is granted to. */
async function controlCenter() {
  const db = database.db;
  const [control] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.parentId, 0), eq(sysMenu.path, "control")));
  const pages = await db
    .select({ menuId: sysMenu.menuId, path: sysMenu.path, orderNum: sysMenu.orderNum })
    .from(sysMenu)
    .where(eq(sysMenu.parentId, control!.menuId))
    .orderBy(asc(sysMenu.orderNum), asc(sysMenu.menuId));
  const balance = pages.find((page) => page.path === "balance");
  const roles = balance
    ? await db
        .select({ roleKey: sysRole.roleKey })
        .from(sysRoleMenu)
        .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
        .where(eq(sysRoleMenu.menuId, balance.menuId))
        .orderBy(asc(sysRole.roleKey))
    : [];
  return { pages, paths: pages.map((page) => page.path), roles: roles.map((role) => role.roleKey) };
}

it("adds Balance after My services to an installation seeded without it, for operators and customers, once", async () => {
  const seeded = await controlCenter();
  expect(seeded.paths.slice(0, 5)).toEqual(["customer", "orders", "services", "balance", "monitors"]);
  expect(seeded.roles).toEqual(["ROLE_DEFAULT", "operator"]);

  // As an installation seeded before: no balance page, the pages after My services one place up.
  const balance = seeded.pages.find((page) => page.path === "balance")!;
  await database.db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, balance.menuId));
  await database.db.delete(sysMenu).where(eq(sysMenu.menuId, balance.menuId));
  const after = seeded.pages.filter((page) => page.orderNum > balance.orderNum).map((page) => page.menuId);
  await database.db
    .update(sysMenu)
    .set({ orderNum: sql`${sysMenu.orderNum} - 1` })
    .where(inArray(sysMenu.menuId, after));
  expect((await controlCenter()).paths).not.toContain("balance");

  await migrate();
  const migrated = await controlCenter();
  expect(migrated.paths).toEqual(seeded.paths);
  expect(migrated.roles).toEqual(["ROLE_DEFAULT", "operator"]);
  const [entry] = await database.db
    .select({ title: sysMenu.title, component: sysMenu.component, icon: sysMenu.icon, hidden: sysMenu.hidden })
    .from(sysMenu)
    .where(eq(sysMenu.component, "control/balance/index"));
  expect(entry).toEqual({
    title: { en: "Balance", "zh-CN": "余额", "zh-TW": "餘額", id: "Saldo", vi: "Số dư" },
    component: "control/balance/index",
    icon: "wallet",
    hidden: false,
  });

  // Run again (or on an installation seeded with it): nothing moves, nothing is added.
  await migrate();
  const again = await controlCenter();
  expect(again.pages).toEqual(migrated.pages);
  expect(again.roles).toEqual(["ROLE_DEFAULT", "operator"]);
});
