import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_ROLE } from "@rampart/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_SETTING } from "../modules/auth/email-verification.ts";
import { seedFirstStart } from "../seed/seed.ts";
import { prepareTemplateDatabase } from "../seed/template-database.ts";
import { TEST_SEED } from "../testing/test-database.ts";
import { type Database, openDatabase } from "./client.ts";
import { buildTemplate, copyTemplate, migrationStamp, templateState } from "./pglite-template.ts";
import { sysConfig, sysRole, sysSite, sysUser, sysUserRole } from "./schema.ts";

let scratch: string;
let root: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "rampart-template-"));
  root = join(scratch, "template");
  // Made as `npm run build` makes it.
  await buildTemplate(prepareTemplateDatabase, root);
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A query's rows (the embedded database's result shape). */
async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const stamp = () => JSON.parse(readFileSync(join(root, "migrations.json"), "utf8")) as string[];

describe("the database template", () => {
  it("is current for this version's migrations, and starts a database that has all of them", async () => {
    expect(templateState(root)).toBe("current");
    expect(stamp()).toEqual(migrationStamp());
    const dataDir = join(scratch, "copied");
    mkdirSync(dataDir);
    copyTemplate(dataDir, root);
    expect(existsSync(join(dataDir, ".template-incoming"))).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      const { applied, expected } = await database.migrations();
      expect(applied).toBe(expected);
      // Only the database the server uses: PostgreSQL's template databases are not copied.
      const databases = await rowsOf<{ datname: string }>(database, sql`select datname from pg_database`);
      expect(databases.map((row) => row.datname)).toEqual(["postgres"]);
      await database.db.execute(
        sql`insert into sys_config (config_name, config_key, config_value) values ('{"en":"t"}', 't.key', 'v')`,
      );
      const [row] = await database.db.select().from(sysConfig).where(eq(sysConfig.configKey, "t.key"));
      expect(row?.configValue).toBe("v");
    } finally {
      await database.close();
    }
  }, 60_000);

  it("holds the installation's data and the job queues, and no administrator until a first start makes one", async () => {
    const dataDir = join(scratch, "first-start");
    mkdirSync(dataDir);
    copyTemplate(dataDir, root);
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select().from(sysUser)).toEqual([]);
      expect(await database.db.select().from(sysSite)).toHaveLength(2);
      const queues = await rowsOf<{ name: string }>(database, sql`select name from pgboss.queue`);
      expect(queues.map((queue) => queue.name)).toEqual(
        expect.arrayContaining(["mail-delivery", "close-unpaid-orders", "service-lifecycle"]),
      );
      expect(await rowsOf(database, sql`select id from pgboss.job`)).toEqual([]);

      // The first start: the administrator, in admin, with this installation's choices.
      const seed = await seedFirstStart(database.db, TEST_SEED);
      expect(seed.administrator?.userName).toBe("admin");
      const [admin] = await database.db
        .select({ roleKey: sysRole.roleKey, requireTwoFactor: sysRole.requireTwoFactor })
        .from(sysUser)
        .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
        .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId));
      expect(admin).toEqual({ roleKey: ADMIN_ROLE, requireTwoFactor: false });
      const [verification] = await database.db
        .select({ value: sysConfig.configValue })
        .from(sysConfig)
        .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
      expect(verification?.value).toBe("false");
      expect(await database.db.select().from(sysSite)).toHaveLength(2);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("finishes a copy that was cut short (no cluster mark yet, entries already moved in)", async () => {
    const dataDir = join(scratch, "interrupted");
    mkdirSync(join(dataDir, ".template-incoming", "base"), { recursive: true });
    mkdirSync(join(dataDir, "global"));
    writeFileSync(join(dataDir, "global", "half-written"), "x");
    writeFileSync(join(dataDir, "token-secret"), "kept");
    copyTemplate(dataDir, root);
    expect(existsSync(join(dataDir, "global", "half-written"))).toBe(false);
    expect(readFileSync(join(dataDir, "token-secret"), "utf8")).toBe("kept");
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 60_000);

  it("is used behind newer migrations (they apply at start), never when one of its own changed", () => {
    const current = stamp();
    writeFileSync(join(root, "migrations.json"), JSON.stringify(current.slice(0, -1)));
    expect(templateState(root)).toBe("usable");
    writeFileSync(
      join(root, "migrations.json"),
      JSON.stringify([`${current[0]!.split(" ")[0]} 0000`, ...current.slice(1)]),
    );
    expect(templateState(root)).toBe("missing");
    writeFileSync(join(root, "migrations.json"), JSON.stringify([...current, "9999_future abc"]));
    expect(templateState(root)).toBe("missing");
    writeFileSync(join(root, "migrations.json"), JSON.stringify(current));
    expect(templateState(root)).toBe("current");
    expect(templateState(join(scratch, "nowhere"))).toBe("missing");
  });

  it("is not used once the server's code changed after it was made (that code seeds it)", () => {
    const sources = join(scratch, "src");
    mkdirSync(sources);
    writeFileSync(join(sources, "seed.ts"), "export {};");
    const madeAt = Date.now() / 1000;
    utimesSync(join(root, "migrations.json"), madeAt, madeAt);
    utimesSync(join(sources, "seed.ts"), madeAt - 60, madeAt - 60);
    utimesSync(sources, madeAt - 60, madeAt - 60);
    expect(templateState(root, [sources])).toBe("current");
    utimesSync(join(sources, "seed.ts"), madeAt + 60, madeAt + 60);
    expect(templateState(root, [sources])).toBe("missing");
  });
});
