#!/usr/bin/env node
// The server's entry point: refuse old Node before anything parses TypeScript, then start.
import "../../../scripts/node-version-guard.mjs";

// React and other libraries read NODE_ENV itself: unset means production, as the config says.
process.env.NODE_ENV ??= "production";

await import("../src/main.ts");
