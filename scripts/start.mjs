// `npm start`: build the web app when its build is missing or older than its sources, and the
// database template when a first start will copy it, then run the server (which migrates and seeds
// the database on first start).
import "./node-version-guard.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtFile = join(root, "apps/web/build/server/index.js");
const sources = ["apps/web/app", "apps/web/public", "apps/web/vite.config.ts", "packages/contracts/src"];

const { newestChange } = await import("../apps/server/src/server-files.ts");
const builtAt = existsSync(builtFile) ? statSync(builtFile).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestChange(join(root, s))))) {
  console.log(builtAt ? "The web app changed since its last build: building it…" : "Building the web app…");
  const build = spawnSync("npm", ["run", "--silent", "-w", "apps/web", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A database ready to copy, so that a first start on the embedded database need not create,
// migrate and seed one: made (again) when this start will copy it, with no DATABASE_URL and no
// database in DATA_DIR yet, and the template is missing or older than the server's code.
const { templateState } = await import("../apps/server/src/db/pglite-template.ts");
const { hasPgliteCluster } = await import("../apps/server/src/db/pglite-initdb.ts");
const firstStart = !process.env.DATABASE_URL && !hasPgliteCluster(resolve(process.env.DATA_DIR || "./data"));
if (firstStart && templateState() !== "current") {
  const template = spawnSync(process.execPath, [join(root, "scripts/build-database-template.ts")], {
    stdio: "inherit",
  });
  if (template.status !== 0) process.exit(template.status ?? 1);
}

await import("../apps/server/bin/rampart.mjs");
