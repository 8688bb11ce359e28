import { ADMIN_ROLE, CONFIG_NAME_MAX, PERMISSIONS } from "@rampart/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { sysConfig, sysMenu, sysRole, sysSite, sysUser, sysUserRole } from "../db/schema.ts";
import { EMAIL_VERIFICATION_SETTING } from "../modules/auth/email-verification.ts";
import { verifyPassword } from "../modules/auth/password.ts";
import { ensureAdministrator } from "../modules/users/service.ts";
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

it("gives each seeded site its own invoice numbers: its agent code as the prefix (docs/mail-and-service-life.md, Invoices)", async () => {
  const sites = await database.db.select().from(sysSite);
  expect(Object.fromEntries(sites.map((s) => [s.agentCode || "(default)", s.invoicePrefix]))).toEqual({
    "(default)": "INV-",
    LOTUS: "LOTUS-",
  });
});

it("stores the administrator's password as an argon2id hash only", async () => {
  const [admin] = await database.db.select().from(sysUser).where(eq(sysUser.userName, "admin"));
  expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
  expect(admin?.passwordHash).not.toContain(TEST_ADMIN_PASSWORD);
  expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
});

it("changes nothing when run again (every start runs it), the operator's settings included", async () => {
  const verification = eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING);
  await database.db.update(sysConfig).set({ configValue: "true" }).where(verification);
  const result = await seedFirstStart(database.db, {
    adminPassword: "another-password",
    adminTwoFactor: true,
    emailVerification: false,
  });
  expect(result.administrator).toBeNull();
  expect(await database.db.select().from(sysSite)).toHaveLength(2);
  const [setting] = await database.db.select({ value: sysConfig.configValue }).from(sysConfig).where(verification);
  expect(setting?.value).toBe("true");
  const [admin] = await database.db
    .select({ requireTwoFactor: sysRole.requireTwoFactor })
    .from(sysRole)
    .where(eq(sysRole.roleKey, ADMIN_ROLE));
  expect(admin?.requireTwoFactor).toBe(false);
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

it("makes everything or nothing: a first start cut short by a failure leaves no half-made console", async () => {
  const fresh = await openDatabase({ dataDir: "memory://" });
  try {
    const { db } = fresh;
    await db.execute(sql`alter table sys_user add constraint seed_test_refuses check (user_name <> 'admin')`);
    await expect(
      seedFirstStart(db, { adminPassword: "a-password-for-the-test", adminTwoFactor: true }),
    ).rejects.toThrow();
    expect(await db.select().from(sysSite)).toEqual([]);
    expect(await db.select().from(sysRole)).toEqual([]);
    expect(await db.select().from(sysMenu)).toEqual([]);

    // An installation an older version left with its administrator and no console yet: finished.
    await db.execute(sql`alter table sys_user drop constraint seed_test_refuses`);
    expect(await ensureAdministrator(db, "a-password-for-the-test")).not.toBeNull();
    const seed = await seedFirstStart(db, { adminPassword: "a-password-for-the-test", adminTwoFactor: true });
    expect(seed.administrator).toBeNull();
    // Without EMAIL_VERIFICATION and with ADMIN_TWO_FACTOR: the safe choices.
    const [admin] = await db
      .select({ roleKey: sysRole.roleKey, requireTwoFactor: sysRole.requireTwoFactor })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId));
    expect(admin).toEqual({ roleKey: ADMIN_ROLE, requireTwoFactor: true });
    const [verification] = await db
      .select({ value: sysConfig.configValue })
      .from(sysConfig)
      .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
    expect(verification?.value).toBe("true");
  } finally {
    await fresh.close();
  }
}, 60_000);

it("names every setting as System → Settings can save it back (CONFIG_NAME_MAX characters a language)", async () => {
  const rows = await database.db.select().from(sysConfig);
  const tooLong = rows.flatMap((row) =>
    Object.entries(row.configName as Record<string, string>)
      // Counted as the API counts it: in characters, not UTF-16 units.
      .filter(([, name]) => [...name].length > CONFIG_NAME_MAX)
      .map(([language, name]) => `${row.configKey} (${language}): ${name}`),
  );
  expect(tooLong).toEqual([]);
});
