import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The server package's own directory (apps/server), found by resolving its package.json the way a
 * dependency is found: the same answer whether this code runs from src/ or bundled into
 * build/server/ (scripts/build-server.ts), where paths relative to the module would differ.
 */
export const SERVER_ROOT = dirname(createRequire(import.meta.url).resolve("@rampart/server/package.json"));

/** A file or folder of the server package: `serverFile("drizzle")`. */
export function serverFile(...segments: string[]): string {
  return join(SERVER_ROOT, ...segments);
}

/**
 * The folders of the server's own code: its modules and the workspace packages they use. What
 * `npm run build` makes from them (the bundle, the database template) is out of date once any of
 * their files is newer.
 */
export const SERVER_SOURCES = [
  serverFile("src"),
  serverFile("..", "..", "packages", "contracts", "src"),
  serverFile("..", "..", "packages", "pricing", "src"),
];

/** The latest modification time (ms) of `path` or anything under it; 0 when it does not exist. */
export function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when something built at `madeAt` (ms) is older than a change to the server's sources. */
export function sourcesChangedSince(madeAt: number, sources = SERVER_SOURCES): boolean {
  return sources.some((source) => newestChange(source) > madeAt);
}
