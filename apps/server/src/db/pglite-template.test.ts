import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { initPgliteCluster } from "./pglite-initdb.ts";
import { buildTemplate, copyTemplate, migrationStamp, templateState } from "./pglite-template.ts";
import { sysConfig } from "./schema.ts";

let scratch: string;
let root: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "rampart-template-"));
  root = join(scratch, "template");
  // Made as `npm run build` makes it: a cluster created and migrated, then closed.
  await buildTemplate(async (dataDir) => {
    mkdirSync(dataDir);
    await initPgliteCluster(dataDir);
    const database = await openDatabase({ dataDir });
    await database.close();
  }, root);
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
      await database.db.execute(
        sql`insert into sys_config (config_name, config_key, config_value) values ('{"en":"t"}', 't.key', 'v')`,
      );
      const [row] = await database.db.select().from(sysConfig).where(eq(sysConfig.configKey, "t.key"));
      expect(row?.configValue).toBe("v");
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
});
