import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_SOURCES, sourcesChangedSince } from "../src/server-files.ts";

/**
 * Which file starts the server: the bundle made by `npm run build` (scripts/build-server.ts) while
 * it is current, otherwise the TypeScript sources themselves. Current means newer than every file
 * of the sources it holds and made with the drizzle-orm now installed: a bundle older than an edit
 * would run yesterday's code, so it is never used then (the sources are, a second slower to load).
 */
export const BUNDLE_DIR = fileURLToPath(new URL("../build/server", import.meta.url));
export const BUNDLE_ENTRY = join(BUNDLE_DIR, "main.js");
/** The versions of the packages in the bundle, by their package.json (relative to BUNDLE_DIR). */
export const BUNDLE_STAMP = join(BUNDLE_DIR, "stamp.json");
export const SOURCE_ENTRY = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** Packages bundled with the server's own modules; every other package is imported at run time. */
export const BUNDLED_PACKAGES = ["@rampart/contracts", "@rampart/pricing", "drizzle-orm", "typebox"];

function installedVersion(packageJson: string): string | undefined {
  try {
    return JSON.parse(readFileSync(packageJson, "utf8")).version;
  } catch {
    return undefined;
  }
}

/** Whether the bundle in `bundleDir` may run instead of `sources`. */
export function bundleIsCurrent(bundleDir = BUNDLE_DIR, sources = SERVER_SOURCES): boolean {
  const entry = join(bundleDir, "main.js");
  const stampFile = join(bundleDir, "stamp.json");
  if (!existsSync(entry) || !existsSync(stampFile)) return false;
  if (sourcesChangedSince(statSync(entry).mtimeMs, sources)) return false;
  const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as { packages?: Record<string, string> };
  return Object.entries(stamp.packages ?? {}).every(
    ([packageJson, version]) => installedVersion(join(bundleDir, packageJson)) === version,
  );
}

/** The file to import to start the server. */
export function serverEntry(): string {
  return bundleIsCurrent() ? BUNDLE_ENTRY : SOURCE_ENTRY;
}
