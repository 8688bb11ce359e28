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
