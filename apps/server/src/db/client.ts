import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { serverFile } from "../server-files.ts";
import { ANYTHING_MAY_HAVE_CHANGED, ChangeFeed } from "./change-feed.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { PgliteCheckpoints } from "./pglite-checkpoints.ts";
import { hasPgliteCluster, initPgliteCluster } from "./pglite-initdb.ts";
import { copyTemplate, templateState } from "./pglite-template.ts";
import { takeTurns } from "./pglite-turns.ts";
import { PgliteVacuum, VACUUM_EVERY_MS } from "./pglite-vacuum.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db` (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DatabaseKind = "pglite" | "postgres";

/** The database and the few things besides queries that the server needs from it. */
export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs fn while holding a lock that every server process on this database respects. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to a change channel (PostgreSQL LISTEN); resolves to an unsubscribe function. Besides
   * the channel's payloads, `onMessage` receives ANYTHING_MAY_HAVE_CHANGED when notifications may
   * have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * True while this process hears every change notification. When false (the listening connection
   * is being re-established), caches keep things for UNHEARD_CACHE_TTL_MS at most and sessions are
   * read from the database on every request.
   */
  hearsChanges(): boolean;
  /** Tells every server process on this database that something changed (pg_notify). */
  notify(channel: string, payload?: string): Promise<void>;
  /**
   * Asks the database to answer, on a connection of its own on PostgreSQL (a busy pool does not
   * make a process look down); rejects after PING_TIMEOUT_MS. For readiness.
   */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (metrics); null on the embedded database (one, in process). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** How many migrations are applied, and how many this version has (readiness). */
  migrations(): Promise<{ applied: number; expected: number }>;
  /**
   * The embedded database's files as one gzipped tar archive, consistent (taken between two
   * queries); undefined on PostgreSQL (pg_dump's work).
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  /**
   * The embedded database: makes a checkpoint when enough WAL has been written since the last
   * (see pglite-checkpoints.ts; also done every CHECKPOINT_CHECK_EVERY_MS); whether it did.
   * Undefined on PostgreSQL, whose checkpointer does it.
   */
  checkpointIfDue?: () => Promise<boolean>;
  /**
   * The embedded database: vacuums and analyzes its next table (pglite-vacuum.ts; also done every
   * VACUUM_EVERY_MS on a database kept on disk); which. Undefined on PostgreSQL, whose autovacuum does it.
   */
  vacuumNext?: () => Promise<string | null>;
  /** Where the job runner (pg-boss) keeps its queues: this PGlite, or this server's URL. */
  jobStore: { pglite: PGlite } | { connectionString: string };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when unset, the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's directory, or "memory://" for a throwaway database (tests). */
  dataDir?: string;
  /**
   * A throwaway PGlite started from this archive of another's directory (PGlite's dumpDataDir)
   * instead of an empty cluster: tests start from one migrated and seeded database made once.
   */
  pgliteSnapshot?: Blob;
  /**
   * The embedded database: how often it is asked whether a checkpoint is due (pglite-checkpoints.ts);
   * 0 never (a test calls `checkpointIfDue` itself).
   */
  checkpointCheckEveryMs?: number;
  /** PostgreSQL: connections in the pool, and the longest a statement may run (migrations excepted). */
  poolSize?: number;
  statementTimeoutMs?: number;
}

const migrationsFolder = serverFile("drizzle");
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

export { ANYTHING_MAY_HAVE_CHANGED };
/** How long a cache keeps anything while change notifications are not heard. */
export const UNHEARD_CACHE_TTL_MS = 1_000;
const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const expectedMigrations = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as { entries: unknown[] }
).entries.length;

async function appliedMigrations(db: Db): Promise<{ applied: number; expected: number }> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const first = (Array.isArray(rows) ? rows[0] : (rows as { rows: { n: number }[] }).rows[0]) as { n: number };
  return { applied: Number(first.n), expected: expectedMigrations };
}

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
    ? await openPostgres(options.databaseUrl, options)
    : await openPglite(options.dataDir ?? "memory://", options.pgliteSnapshot, options.checkpointCheckEveryMs);
  try {
    await database.exclusive(() => migrateDatabase(database, options.databaseUrl));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function migrateDatabase(database: Database, databaseUrl: string | undefined): Promise<void> {
  if (database.kind === "postgres" && databaseUrl) {
    // On a connection of its own, without the pool's statement timeout: a migration of a large
    // table may take longer than any request should.
    const { default: pgModule } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const client = new pgModule.Client({ connectionString: databaseUrl, application_name: "rampart-migrate" });
    await client.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.end();
    }
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as Parameters<typeof migrate>[0], { migrationsFolder });
  }
}

/**
 * PostgreSQL settings of the embedded database, beyond PGlite's own. It runs on the server's one
 * thread, so whatever PostgreSQL does synchronously holds every request.
 * - `wal_init_zero=off`: a new WAL segment is 16 MB, and PostgreSQL writes it full of zeros before
 *   using it. Off, it writes the segment's last byte only (PostgreSQL's documentation advises it
 *   where zero-filling buys nothing); WAL records are recognised by their own checksums and
 *   addresses, never by the zeros after them.
 * - `wal_recycle=off`: a checkpoint (pglite-checkpoints.ts) removes the segments before it instead
 *   of keeping them, full of old WAL, to be written over (PostgreSQL keeps up to `max_wal_size`, 1
 *   GB, of them: in DATA_DIR and in every backup). A new segment then costs a file of one byte
 *   written, with the setting above.
 * - `shared_buffers=32MB` (PGlite's default is 128 MB): the buffer pool lives in the WebAssembly
 *   memory, which grows as pages are used and never shrinks, and a page not in it is read from the
 *   operating system's file cache. Measured after 3 minutes of mixed load then 30 s idle: RSS
 *   730 MB with 128 MB (WebAssembly memory 219 MB), 567 MB with 32 MB (148 MB), at no lower
 *   throughput.
 */
const PGLITE_SETTINGS = ["-c", "wal_init_zero=off", "-c", "wal_recycle=off", "-c", "shared_buffers=32MB"];

async function openPglite(dataDir: string, snapshot?: Blob, checkpointCheckEveryMs?: number): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: PGlite;
  try {
    if (!inMemory && !hasPgliteCluster(dataDir)) {
      if (templateState() !== "missing") copyTemplate(dataDir);
      else await initPgliteCluster(dataDir);
    }
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
    client = await (inMemory && snapshot
      ? PGlite.create({ loadDataDir: snapshot, startParams })
      : PGlite.create({ dataDir: inMemory ? "memory://" : dataDir, startParams }));
  } catch (error) {
    await unlock();
    throw error;
  }
  takeTurns(client);
  const checkpoints = new PgliteCheckpoints(client, checkpointCheckEveryMs);
  // A throwaway database (tests) is vacuumed only when asked.
  const vacuum = new PgliteVacuum(client, inMemory ? 0 : VACUUM_EVERY_MS);
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    jobStore: { pglite: client },
    // One process owns a PGlite directory, and PGlite runs one query at a time.
    exclusive: (fn) => fn(),
    // Every change is made by this process, which hears its own notifications.
    hearsChanges: () => true,
    async ping() {
      await withTimeout(client.query("select 1"), PING_TIMEOUT_MS, "the embedded database");
    },
    migrations: () => appliedMigrations(db),
    poolStats: () => null,
    async dumpDataDir() {
      const archive = await client.dumpDataDir("gzip");
      return new Uint8Array(await archive.arrayBuffer());
    },
    async listen(channel, onMessage) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, onMessage);
      return () => unsubscribe();
    },
    async notify(channel, payload = "") {
      assertChannel(channel);
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    checkpointIfDue: () => checkpoints.checkpointIfDue(),
    vacuumNext: () => vacuum.vacuumNext(),
    close: once(async () => {
      await vacuum.stop();
      await checkpoints.stop();
      await client.close();
      await unlock();
    }),
  };
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const { default: pgModule } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pgModule.Pool({
    connectionString: databaseUrl,
    application_name: "rampart",
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    // Waiting for a connection is bounded: a request that cannot get one in time is a 503 to retry
    // (see database-unavailable.ts), not a wait without end behind everyone else's.
    connectionTimeoutMillis: 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
  });
  // A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend, an idle reaper) raises
  // an `error` event on its client. The pool listens only while the client is idle: one lent out
  // for a transaction has no listener, and an unheard `error` event stops the process. So every
  // client is heard for its whole life; the query it was running fails (answered 503, see
  // database-unavailable.ts) and the pool discards it when it is given back (it is not queryable).
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  });
  // The pool's own event for an idle client's error, already told by the listener above.
  pool.on("error", () => {});
  await pool.query("select 1"); // fail fast with the driver's message when the server is unreachable
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const { poolTransactions } = await import("./pool-transactions.ts");
  db.transaction = poolTransactions(pool, (client) => drizzle({ client, schema }) as unknown as Db);
  const changes = new ChangeFeed(
    () =>
      new pgModule.Client({
        connectionString: databaseUrl,
        application_name: "rampart-changes",
        // A connection cut without a word (a network partition) is noticed in about half a minute.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      }),
  );
  const pinger = new Pinger(
    () => new pgModule.Client({ connectionString: databaseUrl, application_name: "rampart-ping" }),
  );
  try {
    await changes.start();
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: "postgres",
    jobStore: { connectionString: databaseUrl },
    async exclusive(fn) {
      const conn = await pool.connect();
      try {
        // Waiting for another process's migrations may take longer than any statement should.
        await conn.query("set statement_timeout = 0");
        await conn.query("select pg_advisory_lock(hashtext('rampart'))");
        return await fn();
      } finally {
        await conn.query("select pg_advisory_unlock(hashtext('rampart'))").catch(() => {});
        await conn.query("reset statement_timeout").catch(() => {});
        conn.release();
      }
    },
    async listen(channel, onMessage) {
      assertChannel(channel);
      return changes.subscribe(channel, onMessage);
    },
    hearsChanges: () => changes.live,
    async ping() {
      await pinger.ping(PING_TIMEOUT_MS);
    },
    migrations: () => appliedMigrations(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async notify(channel, payload = "") {
      assertChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: once(async () => {
      await changes.close();
      await pinger.close();
      await pool.end();
    }),
  };
}

/** One connection kept for readiness checks, opened again after it is lost or stops answering. */
class Pinger {
  readonly #connect: () => pg.Client;
  #client: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(connect: () => pg.Client) {
    this.#connect = connect;
  }

  async ping(timeoutMs: number): Promise<void> {
    if (this.#closed) throw new Error("the database is closed");
    this.#client ??= this.#open();
    const pending = this.#client;
    try {
      await withTimeout(
        pending.then((client) => client.query("select 1")),
        timeoutMs,
        "PostgreSQL",
      );
    } catch (error) {
      this.#drop(pending);
      throw error;
    }
  }

  #open(): Promise<pg.Client> {
    const client = this.#connect();
    const pending = client.connect().then(() => client);
    client.on("error", () => this.#drop(pending));
    client.on("end", () => this.#drop(pending));
    return pending;
  }

  #drop(pending: Promise<pg.Client>): void {
    if (this.#client === pending) this.#client = undefined;
    pending.then((client) => client.end()).catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#client;
    this.#client = undefined;
    await pending?.then((client) => client.end()).catch(() => {});
  }
}
