import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import pg from "pg";
import { backupSocketPath } from "../db/backup-socket.ts";
import { openDatabase } from "../db/client.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { hasPgliteCluster } from "../db/pglite-initdb.ts";

export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * The connection for pg_dump and pg_restore, in their environment rather than on their command line
 * (which every user of the machine can read): the password as PGPASSWORD, the rest as the address.
 */
function pgToolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** A new file only its owner can read (a backup holds the token secret and every password hash). */
function createPrivateFile(path: string): void {
  closeSync(openSync(path, "wx", 0o600));
}

/** The embedded database must exist: a mistyped DATA_DIR is refused, not backed up empty. */
function assertCluster(dataDir: string): void {
  if (!hasPgliteCluster(dataDir)) throw new BackupError(`${dataDir} holds no Rampart database (check DATA_DIR)`);
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
    const path = backupSocketPath(dataDir);
    const socket = connect(path);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) =>
      reject(
        new BackupError(
          [
            `the data directory is in use, and its server did not answer for a backup at ${path} (${error.message}).`,
            `A running server takes backups through that socket, under its temporary directory (TMPDIR; here ${tmpdir()}):`,
            "run this command with the server's TMPDIR and as its user; a server under systemd with PrivateTmp=yes",
            "has a /tmp of its own, so run it there (systemd-run -p JoinsNamespaceOf=<the server's unit> -p PrivateTmp=yes …),",
            "or stop the server and run it again (the command then opens the directory itself).",
          ].join("\n"),
        ),
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
  if (existsSync(out)) throw new BackupError(`${out} already exists: name a new file`);
  if (target.databaseUrl) {
    toolOrExplain("pg_dump");
    createPrivateFile(out);
    const connection = pgToolConnection(target.databaseUrl);
    const dump = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${out}`, connection.url], {
      stdio: ["ignore", "inherit", "pipe"],
      env: connection.env,
    });
    if (dump.status !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr.toString().trim()}`);
    return;
  }
  assertCluster(target.dataDir);
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
  writeFileSync(out, archive, { mode: 0o600, flag: "wx" });
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
    const connection = pgToolConnection(target.databaseUrl);
    const run = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${connection.url}`, file], {
      stdio: ["ignore", "inherit", "pipe"],
      env: connection.env,
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
