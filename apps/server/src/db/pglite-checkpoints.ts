import type { PGlite } from "@electric-sql/pglite";

/** WAL written since the last checkpoint that makes the next one due. */
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;
/**
 * How often the embedded database is asked how much WAL it has written since its last checkpoint
 * (a query of a fraction of a millisecond): at 4 MB of WAL a second (1,800 orders a second), a
 * checkpoint then comes by about 100 MB.
 */
export const CHECKPOINT_CHECK_EVERY_MS = 10_000;

/**
 * Checkpoints for the embedded database. PostgreSQL's checkpointer process makes one whenever
 * `max_wal_size` of WAL has been written; PGlite is PostgreSQL's single-user backend, with no such
 * process, and a single-user backend never asks for one (PostgreSQL requests a checkpoint for WAL
 * written only under its postmaster). Without this, `DATA_DIR/pg_wal` grew with every write until
 * the process stopped cleanly (257 MB after 105,000 orders, and on without end), went into every
 * backup, and was replayed in full when a process killed with kill -9 started again (those 257 MB
 * added 1.1 s to the start). A checkpoint runs on the server's one thread: 11 ms after 16 MB of WAL,
 * 34 ms after 64 MB, 54 ms after 128 MB (measured; PGlite writes through the file cache). The
 * segments before it are removed (`wal_recycle=off`, client.ts).
 */
export class PgliteCheckpoints {
  readonly #client: PGlite;
  readonly #timer: NodeJS.Timeout | undefined;
  #running: Promise<boolean> | undefined;

  /** Checks every `checkEveryMs`; 0: only when `checkpointIfDue` is called. */
  constructor(client: PGlite, checkEveryMs = CHECKPOINT_CHECK_EVERY_MS) {
    this.#client = client;
    if (checkEveryMs > 0) {
      this.#timer = setInterval(() => {
        this.checkpointIfDue().catch((error: unknown) =>
          console.error(`embedded database: checkpoint failed: ${(error as Error).message}`),
        );
      }, checkEveryMs);
      this.#timer.unref();
    }
  }

  /** Makes a checkpoint when CHECKPOINT_WAL_BYTES of WAL have been written since the last; whether it did. */
  checkpointIfDue(): Promise<boolean> {
    this.#running ??= this.#checkpointIfDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #checkpointIfDue(): Promise<boolean> {
    const { rows } = await this.#client.query<{ bytes: string }>(
      "select (pg_current_wal_lsn() - redo_lsn)::text as bytes from pg_control_checkpoint()",
    );
    if (Number(rows[0]?.bytes ?? 0) < CHECKPOINT_WAL_BYTES) return false;
    await this.#client.exec("checkpoint");
    return true;
  }

  /** No more checks (the database is closing); resolves when a checkpoint under way has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => {});
  }
}
