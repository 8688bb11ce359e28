import { createConnection, createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createScratchDatabase } from "../testing/test-database.ts";
import { type Database, openDatabase } from "./client.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

// Transactions on PostgreSQL whose connection goes away: the process carries on, the caller gets an
// error that is answered 503, and the pool (of one connection here) is whole again for the next.

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay between the pool and PostgreSQL that can cut a connection the moment it next sends
 * something: the connection died unnoticed while idle in the pool, and its next statement fails.
 */
class CuttingRelay {
  readonly #server: Server;
  #cutNext = false;
  constructor(target: URL) {
    this.#server = createServer((client: Socket) => {
      const upstream = createConnection(Number(target.port || 5432), target.hostname);
      client.on("data", (chunk) => {
        if (this.#cutNext) {
          this.#cutNext = false;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  }
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    return (this.#server.address() as { port: number }).port;
  }
  cutOnNextStatement(): void {
    this.#cutNext = true;
  }
  close(): void {
    this.#server.close();
  }
}

let scratch: { url: string; drop(): Promise<void> };
let relay: CuttingRelay;
let database: Database;

beforeAll(async () => {
  if (!serverUrl) return;
  scratch = await createScratchDatabase(serverUrl, "rampart_pooltx");
  const target = new URL(scratch.url);
  relay = new CuttingRelay(target);
  const relayed = new URL(scratch.url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(await relay.listen());
  database = await openDatabase({ databaseUrl: relayed.toString(), poolSize: 1 });
});

afterAll(async () => {
  await database?.close();
  relay?.close();
  await scratch?.drop();
});

it.skipIf(!serverUrl)("carries on when PostgreSQL ends the connection of a transaction in flight", async () => {
  // Unheard, the lost connection's `error` event would stop this process (and fail this test run).
  const failure = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    })
    .catch((error: unknown) => error);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  // The pool's one connection was given back (and replaced): the next statements run.
  const rows = await database.db.execute(sql`select 1 as one`);
  expect((rows as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
  await expect(database.db.transaction(async (tx) => tx.execute(sql`select 2`))).resolves.toBeDefined();
});

it.skipIf(!serverUrl)("gives the connection back when BEGIN itself fails on a connection that died idle", async () => {
  await database.db.execute(sql`select 1`); // the pool's one connection, idle
  relay.cutOnNextStatement();
  const failure = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    })
    .catch((error: unknown) => error);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  // Kept out of the pool, it would leave the next caller waiting for a connection until the
  // pool's timeout, and every caller after it.
  await expect(database.db.transaction(async (tx) => tx.execute(sql`select 3`))).resolves.toBeDefined();
  expect(database.poolStats()).toMatchObject({ total: 1, waiting: 0 });
});
