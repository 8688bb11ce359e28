import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

/**
 * The rows of a hand-written statement. Both drivers (pg and PGlite) answer `execute()` with
 * `{ rows }`; the shared `Db` type cannot say so. Numbers of bigint and numeric columns come as strings.
 */
export async function sqlRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
