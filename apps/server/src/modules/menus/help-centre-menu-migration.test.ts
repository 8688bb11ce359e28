import { readFileSync } from "node:fs";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { sysMenu, sysRole, sysRoleMenu } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

// Migration 0062 gives installations seeded before the help centre its page and button: Business →
// Help centre after Support desk, with Write articles, for operators, once.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const migration = readFileSync(serverFile("drizzle", "0062_help_centre.sql"), "utf8");
const statements = migration
  .slice(migration.indexOf("-- Hand-written: Business → Help centre"))
  .split("--> statement-breakpoint");
const migrate = async () => {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
};

async function businessPages() {
  const [parent] = await database.db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.parentId, 0), eq(sysMenu.path, "business")));
  return database.db
    .select({ menuId: sysMenu.menuId, path: sysMenu.path, orderNum: sysMenu.orderNum })
    .from(sysMenu)
    .where(eq(sysMenu.parentId, parent!.menuId))
    .orderBy(asc(sysMenu.orderNum), asc(sysMenu.menuId));
}
async function grants() {
  const rows = await database.db
    .select({ roleKey: sysRole.roleKey, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(like(sysMenu.perms, "business:help:%"));
  return rows.map((row) => `${row.roleKey} ${row.perms}`).sort();
}

it("adds Business → Help centre after the support desk to an installation seeded without it, once", async () => {
  const db = database.db;
  const seeded = await businessPages();
  const paths = seeded.map((page) => page.path);
  expect(paths.slice(paths.indexOf("support"), paths.indexOf("support") + 2)).toEqual(["support", "help"]);
  expect(await grants()).toEqual(["operator business:help:edit", "operator business:help:list"]);

  // As an installation seeded before: no page nor button, the pages after it one place up.
  const entries = await db
    .select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId, orderNum: sysMenu.orderNum })
    .from(sysMenu)
    .where(like(sysMenu.perms, "business:help:%"));
  await db.delete(sysRoleMenu).where(
    inArray(
      sysRoleMenu.menuId,
      entries.map((entry) => entry.menuId),
    ),
  );
  await db.delete(sysMenu).where(
    inArray(
      sysMenu.menuId,
      entries.map((entry) => entry.menuId),
    ),
  );
  const page = seeded.find((row) => row.path === "help")!;
  await db
    .update(sysMenu)
    .set({ orderNum: sql`${sysMenu.orderNum} - 1` })
    .where(
      and(
        eq(sysMenu.parentId, entries.find((entry) => entry.menuId === page.menuId)!.parentId),
        sql`${sysMenu.orderNum} > ${page.orderNum}`,
      ),
    );
  expect((await businessPages()).map((row) => row.path)).not.toContain("help");

  await migrate();
  const migrated = await businessPages();
  expect(migrated.map((row) => row.path)).toEqual(paths);
  expect(migrated.map((row) => row.orderNum)).toEqual(seeded.map((row) => row.orderNum));
  expect(await grants()).toEqual(["operator business:help:edit", "operator business:help:list"]);

  await migrate();
  expect(await businessPages()).toEqual(migrated);
  expect(await grants()).toEqual(["operator business:help:edit", "operator business:help:list"]);
});
