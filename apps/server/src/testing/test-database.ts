import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/client.ts";
import { seedFirstStart } from "../db/seed.ts";

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
const TEST_SEED = { adminPassword: TEST_ADMIN_PASSWORD, adminTwoFactor: false, emailVerification: false };

export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await seedFirstStart(database.db, TEST_SEED);
    return database;
  }
  const name = `rampart_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await seedFirstStart(database.db, TEST_SEED);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close().catch(() => {});
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
