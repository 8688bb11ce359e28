import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The file whose presence says a directory holds a cluster (initdb writes it; a template copy, last). */
export const CLUSTER_MARK = "PG_VERSION";

/** True when the directory already holds a PGlite (PostgreSQL) cluster. */
export function hasPgliteCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, CLUSTER_MARK));
}

/**
 * Creates a new PGlite cluster in `dataDir` in a short-lived child process. Creating a cluster
 * (initdb) grows PGlite's WebAssembly memory by about 200 MB that it never gives back; done in
 * the server's own process, that memory would stay for the process's whole life. The caller holds
 * the data directory's lock, so nobody else is using it.
 */
export function initPgliteCluster(dataDir: string): Promise<void> {
  const script = `
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(process.argv[1]);
    await db.close();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "--eval", script, dataDir], {
      cwd: import.meta.dirname,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the embedded database in ${dataDir} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}
