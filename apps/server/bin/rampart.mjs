#!/usr/bin/env node
// The server's entry point: refuse old Node before anything parses TypeScript, then start the
// server, or run an operator's command (`rampart backup`, `rampart move-to-postgres`, …).
import "../../../scripts/node-version-guard.mjs";
// A default import: a named one would fail to link on an old Node before the guard could speak.
import nodeModule from "node:module";
import { COMPILE_CACHE } from "./compile-cache.mjs";

nodeModule.enableCompileCache(COMPILE_CACHE);

// React and other libraries read NODE_ENV itself: unset means production, as the config says.
process.env.NODE_ENV ??= "production";

const command = process.argv[2];
if (command === "--help" || (command !== undefined && !command.startsWith("-"))) {
  const { main } = await import("../src/cli/main.ts");
  await main(process.argv.slice(2));
} else {
  // The bundle made by `npm run build` while it is current, otherwise the sources.
  const { serverEntry } = await import("./server-entry.ts");
  await import(serverEntry());
}
