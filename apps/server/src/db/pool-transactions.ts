import type pg from "pg";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

// biome-ignore lint/suspicious/noExplicitAny: any Drizzle database's transaction method
type WithTransaction = { transaction: (run: (tx: any) => Promise<any>, config?: any) => Promise<any> };

/**
 * Transactions on a node-postgres pool that always give their connection back, whatever fails.
 *
 * Drizzle's own (`drizzle-orm/node-postgres`, 0.45) takes a client from the pool and sends BEGIN
 * before the `try … finally` that releases it: a BEGIN that fails (the connection ended by a
 * PostgreSQL restart between checkout and BEGIN) keeps the client out of the pool for the process's
 * life, and after a few such losses every request waits for a connection that never comes
 * (drizzle-orm#6241, #6114). It also gives a client back as healthy after a failed ROLLBACK.
 *
 * Here the transaction runs on the client itself (Drizzle on one client: BEGIN, the callback,
 * COMMIT or ROLLBACK, no release of its own), and this function releases it in every case; a client
 * whose connection failed under the transaction is released with the error, so the pool ends it
 * instead of lending it again.
 */
export function poolTransactions<D extends WithTransaction>(
  pool: pg.Pool,
  /** Drizzle on one client of the pool (made once per client). */
  drizzleOn: (client: pg.PoolClient) => D,
): D["transaction"] {
  const onClient = new WeakMap<pg.PoolClient, D>();
  const dbOn = (client: pg.PoolClient): D => {
    let db = onClient.get(client);
    if (!db) {
      db = drizzleOn(client);
      onClient.set(client, db);
    }
    return db;
  };
  return (async (transaction: Parameters<D["transaction"]>[0], config?: Parameters<D["transaction"]>[1]) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await dbOn(client).transaction(transaction, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  }) as D["transaction"];
}
