import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { bundleIsCurrent } from "../bin/server-entry.ts";

// A bundle and its sources in a folder of their own: which one starts the server.
let root: string;
let bundleDir: string;
let sources: string;
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "rampart-bundle-"));
  bundleDir = join(root, "build/server");
  sources = join(root, "src");
  mkdirSync(join(sources, "modules"), { recursive: true });
  mkdirSync(bundleDir, { recursive: true });
  mkdirSync(join(root, "node_modules/drizzle-orm"), { recursive: true });
  writeFileSync(join(root, "node_modules/drizzle-orm/package.json"), JSON.stringify({ version: "0.45.4" }));
  writeFileSync(join(sources, "modules/orders.ts"), "export {};");
  at(join(sources, "modules/orders.ts"), 1_000);
  at(join(sources, "modules"), 1_000);
  at(sources, 1_000);
  writeFileSync(join(bundleDir, "main.js"), "");
  writeFileSync(
    join(bundleDir, "stamp.json"),
    JSON.stringify({ packages: { "../../node_modules/drizzle-orm/package.json": "0.45.4" } }),
  );
  at(join(bundleDir, "main.js"), 2_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("starts from the bundle while it is newer than every source and made with the packages installed", () => {
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(true);
});

it("starts from the sources once one of them changed after the bundle was made", () => {
  at(join(sources, "modules/orders.ts"), 3_000);
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
});

it("starts from the sources when a file was added since (a folder's own time)", () => {
  at(join(sources, "modules"), 3_000);
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
});

it("starts from the sources when a bundled package was upgraded or removed since", () => {
  writeFileSync(join(root, "node_modules/drizzle-orm/package.json"), JSON.stringify({ version: "0.46.0" }));
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
  rmSync(join(root, "node_modules/drizzle-orm"), { recursive: true });
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
});

it("starts from the sources when there is no bundle or no stamp", () => {
  rmSync(join(bundleDir, "stamp.json"));
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
  rmSync(bundleDir, { recursive: true });
  expect(bundleIsCurrent(bundleDir, [sources])).toBe(false);
});
