import { PERMISSIONS } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { sysMenu, sysSite, sysUser } from "../db/schema.ts";
import { verifyPassword } from "../modules/auth/password.ts";
import { openTestDatabase, TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";
import { seedFirstStart } from "./seed.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(); // already seeded once, as at first start
});
afterAll(() => database.close());

it("creates one default site and the demo site", async () => {
  const sites = await database.db.select().from(sysSite);
  expect(sites.filter((s) => s.isDefault)).toHaveLength(1);
  expect(sites.map((s) => s.company).sort()).toEqual(["Lotus Shield", "Rampart Cloud"]);
});

it("stores the administrator's password as an argon2id hash only", async () => {
  const [admin] = await database.db.select().from(sysUser).where(eq(sysUser.userName, "admin"));
  expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
  expect(admin?.passwordHash).not.toContain(TEST_ADMIN_PASSWORD);
  expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
});

it("changes nothing when run again (every start runs it)", async () => {
  const result = await seedFirstStart(database.db, { adminPassword: "another-password", adminTwoFactor: false });
  expect(result.administrator).toBeNull();
  expect(await database.db.select().from(sysSite)).toHaveLength(2);
});

it("seeds every permission the code can name, and no other (the two lists stay one)", async () => {
  const seeded = await database.db.selectDistinct({ perms: sysMenu.perms }).from(sysMenu);
  expect(
    seeded
      .map((row) => row.perms)
      .filter((perms) => perms !== "")
      .sort(),
  ).toEqual([...PERMISSIONS].sort());
});
