import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * A PostgreSQL server of a test's own (initdb in a temporary directory, its own port), which the
 * test may stop, start and restart under load as an operator's restart or a failover would,
 * without touching the machine's shared server. Debian's server binaries; run as the `postgres`
 * account when the tests run as root (PostgreSQL refuses to run as root).
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  /** Stops the server at once (`-m fast`: sessions are ended, as in a restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The directory of Debian's PostgreSQL server programs (initdb, pg_ctl), or undefined. */
export function postgresServerBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresServerBinaries();
  if (!bin) throw new Error("PostgreSQL's server programs are not installed (apt-get install postgresql)");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "rampart-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  // Asynchronously: the test's load goes on while PostgreSQL stops and starts.
  const run = async (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, program), ...args]]
      : [join(bin, program), args];
    await promisify(execFile)(file, argv);
  };
  const data = join(dir, "data");
  await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale", "C"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", ...args]);
  await pgCtl("-o", options, "start");
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await pgCtl("-m", "fast", "stop");
      running = false;
    },
    async start() {
      await pgCtl("-o", options, "start");
      running = true;
    },
    async close() {
      if (running) await pgCtl("-m", "immediate", "stop").catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
