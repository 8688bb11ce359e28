import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { seedFirstStart } from "../seed/seed.ts";
import { SEEDED_SNAPSHOT_ENV, TEST_SEED } from "./test-database.ts";

/**
 * The server suite's global setup on the embedded database: one PGlite is created, migrated and
 * seeded as a first start seeds it, and its directory archived (uncompressed); every test file's
 * database then starts from that archive (about 0.4 s) instead of doing it all again (about 2 s).
 */
export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), "rampart-seeded-"));
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seedFirstStart(database.db, TEST_SEED);
    if (!("pglite" in database.jobStore)) throw new Error("the seeded snapshot is made on PGlite");
    const archive = await database.jobStore.pglite.dumpDataDir("none");
    const file = join(folder, "seeded.tar");
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    process.env[SEEDED_SNAPSHOT_ENV] = file;
  } finally {
    await database.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}
