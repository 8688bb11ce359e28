import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import pg from "pg";
import { backupSocketPath } from "../db/backup-socket.ts";
import { openDatabase } from "../db/client.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";

export class BackupError extends Error {
  override name = "BackupError";
}

function toolOrExplain(tool: "pg_dump" | "pg_restore"): void {
  if (spawnSync(tool, ["--version"]).status !== 0) {
    throw new BackupError(
      `${tool} is not installed: install PostgreSQL's client programs (apt-get install postgresql-client), of the server's version or newer.`,
    );
  }
}

/** The running server's archive of its embedded database, through its backup socket. */
function askRunningServer(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(backupSocketPath(dataDir));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) =>
      reject(
        new BackupError(`the data directory is in use, and its server did not answer for a backup: ${error.message}`),
      ),
    );
    socket.on("end", () => {
      const archive = Buffer.concat(chunks);
      if (archive.subarray(0, 6).toString() === "error:") reject(new BackupError(archive.toString().trim()));
      else resolve(archive);
    });
  });
}

/**
 * A consistent backup while the server runs. Embedded database: a gzipped tar of its data
 * directory, made by the running server (asked through its backup socket) or, when none runs, by
 * opening the directory. PostgreSQL: pg_dump's custom format.
 */
export async function backup(target: { dataDir: string; databaseUrl?: string | undefined }, out: string) {
  if (target.databaseUrl) {
    toolOrExplain("pg_dump");
    const dump = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${out}`, target.databaseUrl], {
      stdio: ["ignore", "inherit", "pipe"],
    });
    if (dump.status !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr.toString().trim()}`);
    return;
  }
  let archive: Uint8Array;
  try {
    const database = await openDatabase({ dataDir: target.dataDir });
    try {
      archive = await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    archive = await askRunningServer(target.dataDir);
  }
  writeFileSync(out, archive);
}

/**
 * Puts a backup back. Embedded database: into an empty (or new) DATA_DIR. PostgreSQL: into an
 * empty database with pg_restore. Neither overwrites data.
 */
export async function restore(target: { dataDir: string; databaseUrl?: string | undefined }, file: string) {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (target.databaseUrl) {
    toolOrExplain("pg_restore");
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    await client.end();
    if (rows[0]!.n > 0) throw new BackupError("the database at DATABASE_URL is not empty: restore into an empty one");
    const run = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${target.databaseUrl}`, file], {
      stdio: ["ignore", "inherit", "pipe"],
    });
    if (run.status !== 0) throw new BackupError(`pg_restore failed: ${run.stderr.toString().trim()}`);
    return;
  }
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    throw new BackupError(`${target.dataDir} is not empty: restore into an empty or new DATA_DIR`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const archive = new Blob([readFileSync(file)]);
  const restored = await PGlite.create({ dataDir: target.dataDir, loadDataDir: archive });
  await restored.close();
  // Opened once as the server opens it: the schema is brought up to date if the backup is older.
  const database = await openDatabase({ dataDir: target.dataDir });
  await database.close();
}
