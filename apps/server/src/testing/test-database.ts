import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.ts";
import { seedFirstStart } from "../seed/seed.ts";

export const TEST_ADMIN_PASSWORD = "test-admin-password";

/**
 * A fresh database for one test file, seeded exactly as a first start seeds it: PGlite in memory,
 * or, when TEST_DATABASE_URL is set, a new database on that PostgreSQL server that is dropped again
 * on close.
 */
/**
 * Tests sign in as the administrator with a password alone, and their customers order without
 * confirming an address, unless a test turns these on.
 */
export const TEST_SEED = { adminPassword: TEST_ADMIN_PASSWORD, adminTwoFactor: false, emailVerification: false };

/** A new, empty database on a PostgreSQL server (named `<prefix>_<random>`), and how to drop it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Set by the server tests' global setup (seeded-snapshot-setup.ts): a seeded PGlite's archive. */
export const SEEDED_SNAPSHOT_ENV = "RAMPART_TEST_SEEDED_SNAPSHOT";

export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Loading the seeded archive takes a fraction of creating, migrating and seeding a cluster.
    const snapshot = process.env[SEEDED_SNAPSHOT_ENV];
    if (snapshot && existsSync(snapshot)) {
      return openDatabase({ dataDir: "memory://", pgliteSnapshot: new Blob([readFileSync(snapshot)]) });
    }
    const database = await openDatabase({ dataDir: "memory://" });
    await seedFirstStart(database.db, TEST_SEED);
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, "rampart_test");
  const database = await openDatabase({ databaseUrl: scratch.url });
  await seedFirstStart(database.db, TEST_SEED);
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close().catch(() => {});
      await scratch.drop();
    },
  };
}
