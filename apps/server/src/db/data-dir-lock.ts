import { mkdirSync } from "node:fs";
import lockfile from "proper-lockfile";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/**
 * PGlite has no cross-process lock, and two processes on one directory corrupt it. We hold a lock
 * (a directory created atomically beside the data, kept fresh while we live) for as long as the
 * database is open. A lock left by a killed process goes stale after a few seconds, so a restart
 * after `kill -9` waits briefly and then proceeds.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.rampart.lock`,
      stale: 5_000,
      update: 2_000,
      retries: { retries: 6, minTimeout: 1_000, maxTimeout: 1_000, factor: 1 },
      onCompromised: (error) => {
        // Someone removed or took over our lock: stop rather than risk two writers.
        console.error(`The lock on ${dataDir} was lost (${error.message}); stopping to protect the database.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirInUseError(
        `The data directory ${dataDir} is in use by another Rampart process. The embedded database ` +
          "allows one process per directory: stop the other process, set DATA_DIR to another directory, " +
          "or set DATABASE_URL to share a PostgreSQL server between processes.",
      );
    }
    throw error;
  }
}
