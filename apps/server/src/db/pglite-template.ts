import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SERVER_SOURCES, serverFile, sourcesChangedSince } from "../server-files.ts";
import { LOCK_FILE } from "./data-dir-lock.ts";
import { CLUSTER_MARK } from "./pglite-initdb.ts";

/**
 * An embedded database as a first start would leave it but for the administrator (every
 * migration applied, the installation's data seeded, the job runner's queues made: see
 * seed/template-database.ts), made by `npm run build` (scripts/build-database-template.ts) and
 * copied into an empty DATA_DIR on first start: creating a cluster (initdb), migrating and seeding
 * it takes several seconds, copying the result a fraction of one. Without a template, with one the
 * migrations have moved past in a way it cannot follow, or one older than an edit of the server's
 * code (which seeds it), the server creates the cluster itself as before.
 */
export const TEMPLATE_ROOT = serverFile("build", "database-template");
const clusterOf = (root: string) => join(root, "cluster");
const stampOf = (root: string) => join(root, "migrations.json");
const MIGRATIONS = serverFile("drizzle");

/** Where a copy is made inside the data directory before it is moved into place. */
const INCOMING = ".template-incoming";

/** Each migration of this version, in order, with a hash of its SQL. */
export function migrationStamp(): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => {
    const sql = readFileSync(join(MIGRATIONS, `${tag}.sql`));
    return `${tag} ${createHash("sha256").update(sql).digest("hex")}`;
  });
}

/**
 * What the template is to this version: missing (or unreadable, or made before the server's code
 * last changed), "usable" when its migrations are the first of this version's, unchanged (those
 * after them are applied at start, as on any upgrade), "current" when they are all of them.
 */
export function templateState(root = TEMPLATE_ROOT, sources = SERVER_SOURCES): "missing" | "usable" | "current" {
  if (!existsSync(join(clusterOf(root), CLUSTER_MARK)) || !existsSync(stampOf(root))) return "missing";
  if (sourcesChangedSince(statSync(stampOf(root)).mtimeMs, sources)) return "missing";
  try {
    const applied = JSON.parse(readFileSync(stampOf(root), "utf8")) as string[];
    const current = migrationStamp();
    if (applied.length > current.length || applied.some((entry, index) => entry !== current[index])) return "missing";
    return applied.length === current.length ? "current" : "usable";
  } catch {
    return "missing";
  }
}

/**
 * Copies the template's cluster into `dataDir` (locked by the caller, holding no cluster): into a
 * folder of its own first (Node's copy without a filter, about ten times quicker than with one),
 * then moved in entry by entry, the cluster's mark last. A copy cut short leaves no cluster, and
 * the next start copies again over what it left.
 */
export function copyTemplate(dataDir: string, root = TEMPLATE_ROOT): void {
  const incoming = join(dataDir, INCOMING);
  rmSync(incoming, { recursive: true, force: true });
  cpSync(clusterOf(root), incoming, { recursive: true });
  const entries = readdirSync(incoming).sort((a, b) => Number(a === CLUSTER_MARK) - Number(b === CLUSTER_MARK));
  for (const entry of entries) {
    rmSync(join(dataDir, entry), { recursive: true, force: true });
    renameSync(join(incoming, entry), join(dataDir, entry));
  }
  rmSync(incoming, { recursive: true, force: true });
}

/**
 * Makes the template: `prepare` creates, migrates and seeds a cluster in the directory it is given
 * and closes it. Built beside the old template and swapped in whole; its stamp is written last.
 */
export async function buildTemplate(prepare: (dataDir: string) => Promise<void>, root = TEMPLATE_ROOT): Promise<void> {
  const parent = dirname(root);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, "database-template-"));
  // Readable by the account the server runs as (a container builds as root, runs as another user).
  await chmod(staging, 0o755);
  try {
    const stamp = migrationStamp();
    await prepare(join(staging, "cluster"));
    await rm(join(staging, "cluster", LOCK_FILE), { force: true });
    await writeFile(join(staging, "migrations.json"), `${JSON.stringify(stamp, null, 1)}\n`);
    await rm(root, { recursive: true, force: true });
    await rename(staging, root);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
