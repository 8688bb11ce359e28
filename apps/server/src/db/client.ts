import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { hasPgliteCluster, initPgliteCluster } from "./pglite-initdb.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

/** The database and the few things besides queries that the server needs from it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs fn while holding a lock that every server process on this database respects. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Subscribes to a change channel (PostgreSQL LISTEN); resolves to an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Tells every server process on this database that something changed (pg_notify). */
  notify(channel: string, payload?: string): Promise<void>;
  /** Where the job runner (pg-boss) keeps its queues: this PGlite, or this server's URL. */
  jobStore: { pglite: PGlite } | { connectionString: string };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when unset, the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's directory, or "memory://" for a throwaway database (tests). */
  dataDir?: string;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Closing twice is harmless: the second call waits for the first. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid notification channel ${channel}`);
}

/** Opens the database (PGlite or PostgreSQL) and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ?? "memory://");
  try {
    await database.exclusive(() => migrateDatabase(database));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder });
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: PGlite;
  try {
    if (!inMemory && !hasPgliteCluster(dataDir)) await initPgliteCluster(dataDir);
    client = await PGlite.create(inMemory ? "memory://" : dataDir);
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    jobStore: { pglite: client },
    // One process owns a PGlite directory, and PGlite runs one query at a time.
    exclusive: (fn) => fn(),
    async listen(channel, onMessage) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, onMessage);
      return () => unsubscribe();
    },
    async notify(channel, payload = "") {
      assertChannel(channel);
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    close: once(async () => {
      await client.close();
      await unlock();
    }),
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pgModule } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pgModule.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL pool: ${error.message}`));
  await pool.query("select 1"); // fail fast with the driver's message when the server is unreachable
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: "postgres",
    jobStore: { connectionString: databaseUrl },
    async exclusive(fn) {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock(hashtext('rampart'))");
        return await fn();
      } finally {
        await conn.query("select pg_advisory_unlock(hashtext('rampart'))").catch(() => {});
        conn.release();
      }
    },
    async listen(channel, onMessage) {
      assertChannel(channel);
      const client = new pgModule.Client({ connectionString: databaseUrl });
      client.on("error", (error) => console.error(`PostgreSQL listener on ${channel}: ${error.message}`));
      client.on("notification", (message) => {
        if (message.channel === channel) onMessage(message.payload ?? "");
      });
      await client.connect();
      await client.query(`listen ${channel}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async notify(channel, payload = "") {
      assertChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: once(async () => {
      await Promise.all(listeners.splice(0).map((client) => client.end()));
      await pool.end();
    }),
  };
}
