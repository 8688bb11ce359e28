import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, realpathSync, rmSync } from "node:fs";
import type { Socket } from "node:net";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "./client.ts";

/**
 * Where a running server takes backup requests for a data directory: in a directory of this
 * account's own (mode 0700) under the temporary directory, named by the data directory's path.
 * Not inside the data directory: the archive is of that directory, and a socket cannot be archived.
 */
export function backupSocketPath(dataDir: string): string {
  const uid = process.getuid?.() ?? 0;
  const home = join(tmpdir(), `rampart-${uid}`);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // lstat: a link planted in the shared temporary directory is refused, not followed.
  const owner = lstatSync(home);
  if (!owner.isDirectory() || owner.uid !== uid || (owner.mode & 0o077) !== 0) {
    throw new Error(
      `${home} is not this account's alone (owner ${owner.uid}, mode ${(owner.mode & 0o777).toString(8)})`,
    );
  }
  const id = createHash("sha256").update(realpathSync(dataDir)).digest("hex").slice(0, 16);
  return join(home, `backup-${id}.sock`);
}

/**
 * While a server holds an embedded database, no other process may open its directory, so
 * `rampart backup` asks the server itself: it connects to this Unix socket (only the account that
 * runs the server can) and receives the archive. Anything sent is ignored; the
 * answer is the gzipped tar of the data directory, or one line starting with "error:".
 */
export async function openBackupSocket(database: Database, dataDir: string): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir;
  if (!dump) return async () => {};
  const path = backupSocketPath(dataDir);
  rmSync(path, { force: true }); // one left by a process that was killed: ours holds the directory now
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => {});
    dump().then(
      (archive) => socket.end(archive),
      (error: unknown) => socket.end(`error: ${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A backup in progress does not hold the server's stop (it would run past its grace).
      for (const socket of open) socket.destroy();
      rmSync(path, { force: true });
    });
}
