import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { initPgliteCluster } from "../db/pglite-initdb.ts";
import { seedInstallation } from "./seed.ts";

/**
 * Prepares the embedded database that `npm run build` keeps as the template of a first start
 * (db/pglite-template.ts), in `dataDir`: created anew and migrated; the installation's data seeded
 * (everything but the administrator, whose password and choices only the first start knows); the
 * job runner's tables, queues and schedules made by assembling the server once, as a start does.
 * PostgreSQL's own template databases (template0, template1) are dropped: they serve CREATE
 * DATABASE, which nothing on the embedded database runs, and they were half the files that a first
 * start copies.
 */
export async function prepareTemplateDatabase(dataDir: string): Promise<void> {
  // A new cluster, never a copy of the template this one replaces.
  await mkdir(dataDir, { recursive: true });
  await initPgliteCluster(dataDir);
  const database = await openDatabase({ dataDir });
  try {
    await database.db.transaction((tx) => seedInstallation(tx));
    // No secret is kept from this: the job runner's store holds none, and each installation
    // resolves its own TOKEN_SECRET at start.
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
      database,
      tokenSecret: randomBytes(32).toString("hex"),
    });
    await app.close();
    await database.db.execute(
      sql`update pg_database set datistemplate = false, datallowconn = true where datname in ('template0', 'template1')`,
    );
    await database.db.execute(sql`drop database template1`);
    await database.db.execute(sql`drop database template0`);
    await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
}
