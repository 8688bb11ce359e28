import type { PGlite } from "@electric-sql/pglite";

/**
 * How often the embedded database vacuums and analyzes its next table. Round the tables (about
 * 80, the job runner's included), each is done every 20 minutes or so; a table whose pages did not
 * change since its last vacuum costs next to nothing (the visibility map skips them).
 */
export const VACUUM_EVERY_MS = 15_000;

/**
 * Vacuum and statistics for the embedded database. PostgreSQL's autovacuum launcher vacuums a
 * table once enough of its rows died, and analyzes it once enough changed; PGlite is PostgreSQL's
 * single-user backend, with no launcher (`autovacuum` says on, nothing runs), and it does not
 * report the row counts autovacuum would go by. Without this, the space of deleted and updated rows
 * (the job runner's finished jobs, expired sessions, rolled-up usage buckets) was never reused, the
 * files only grew, and the planner never had statistics. So each table in turn, one a tick, as its
 * own statement on the server's one thread: `VACUUM (ANALYZE)` (a few milliseconds for a table
 * with little to do; measured: 19 ms for a table of 20,000 rows of which 19,000 had been deleted,
 * its file 2.8 MB → 0.15 MB).
 */
export class PgliteVacuum {
  readonly #client: PGlite;
  readonly #timer: NodeJS.Timeout | undefined;
  #tables: string[] = [];
  #running: Promise<string | null> | undefined;

  /** Vacuums a table every `everyMs`; 0: only when `vacuumNext` is called. */
  constructor(client: PGlite, everyMs = VACUUM_EVERY_MS) {
    this.#client = client;
    if (everyMs > 0) {
      this.#timer = setInterval(() => {
        this.vacuumNext().catch((error: unknown) =>
          console.error(`embedded database: vacuum failed: ${(error as Error).message}`),
        );
      }, everyMs);
      this.#timer.unref();
    }
  }

  /** Vacuums and analyzes the next table of the round (the list read again at each round's start); which. */
  vacuumNext(): Promise<string | null> {
    this.#running ??= this.#vacuumNext().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #vacuumNext(): Promise<string | null> {
    if (this.#tables.length === 0) this.#tables = await this.#allTables();
    const table = this.#tables.shift();
    if (!table) return null;
    await this.#client.exec(`vacuum (analyze, skip_locked) ${table}`);
    return table;
  }

  /** Every table of the installation's schemas (partitions one by one, not their parents), quoted. */
  async #allTables(): Promise<string[]> {
    const { rows } = await this.#client.query<{ name: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       order by n.nspname, c.relname`);
    return rows.map((row) => row.name);
  }

  /** No more vacuums (the database is closing); resolves when one under way has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => {});
  }
}
