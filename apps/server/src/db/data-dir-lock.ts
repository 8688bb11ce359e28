import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { tryLock, unlock } from "fs-native-extensions";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** The file in the data directory that the lock is held on. */
export const LOCK_FILE = ".rampart-lock";

/**
 * PGlite writes its files readable and writable by every account (mode 666, Emscripten's
 * default): the directory is what keeps other accounts on the machine out of the database, its
 * token secret and its backups' socket, as PostgreSQL insists for its own (0700). A directory
 * open to others is closed at start; one this account may not change is left with a warning.
 */
function keepPrivate(dataDir: string): void {
  if (process.platform === "win32" || (statSync(dataDir).mode & 0o077) === 0) return;
  try {
    chmodSync(dataDir, 0o700);
  } catch (error) {
    process.emitWarning(
      `The data directory ${dataDir} is open to other accounts and could not be made private ` +
        `(${(error as Error).message}): run \`chmod 700 ${JSON.stringify(dataDir)}\`.`,
    );
  }
}

/** A process that is stopping may still hold the directory for a moment: look again this long. */
const WAIT_FOR_PREVIOUS_MS = 2_000;
const LOOK_EVERY_MS = 100;

/**
 * PGlite has no cross-process lock, and two processes writing one directory lose data. We hold an
 * exclusive lock on a file in the directory (an open-file-description lock on Linux, flock on
 * macOS): the kernel keeps it for exactly as long as this process keeps the file open and drops it
 * when the process ends however it ends. It is never taken from a process that lives, even one
 * that is frozen (SIGSTOP, a paused VM or container) and cannot refresh anything, and a restart
 * after `kill -9` finds it free at once: no stale threshold, no clock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  keepPrivate(dataDir);
  const path = join(dataDir, LOCK_FILE);
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    const until = Date.now() + WAIT_FOR_PREVIOUS_MS;
    while (!tryLock(fd)) {
      if (Date.now() >= until) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another Rampart process. The embedded database ` +
            "allows one process per directory: stop the other process, set DATA_DIR to another directory, " +
            "or set DATABASE_URL to share a PostgreSQL server between processes.",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  // Who holds it, for a person looking (the lock itself is the kernel's, not this text).
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`, 0);
  // Earlier versions locked with a directory of this name, refreshed by a timer every 2 s. One left
  // behind by such a process is litter; one refreshed a moment ago means such a process still runs.
  const oldLock = join(dataDir, ".rampart.lock");
  if (existsSync(oldLock) && Date.now() - statSync(oldLock).mtimeMs < 10_000) {
    unlock(fd);
    closeSync(fd);
    throw new DataDirInUseError(
      `The data directory ${dataDir} is in use by an earlier version of Rampart: stop it before starting this one.`,
    );
  }
  rmSync(oldLock, { recursive: true, force: true });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    unlock(fd);
    closeSync(fd);
  };
}
