#!/usr/bin/env node
// The server's entry point: refuse old Node before anything parses TypeScript, then start.
import "../../../scripts/node-version-guard.mjs";

await import("../src/main.ts");
