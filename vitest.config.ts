import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import "./scripts/node-version-guard.mjs";

const pgUrl = process.env.TEST_DATABASE_URL ?? "";
const serverTests = ["src/**/*.test.ts"];
// Each server test file opens real databases; on a small, busy CI machine that takes seconds.
const serverTimeouts = { testTimeout: 20_000, hookTimeout: 30_000 };
// A server test file imports most of the server; loading it again for each file (Vitest's default
// isolation) was half the suite's time. Nothing in them is shared through module state: each file
// opens its own databases and apps, and restores the clocks it fakes.
const serverIsolation = { isolate: false };

export default defineConfig({
  test: {
    // Browser and process tests mostly wait (for a page, a process, a poll): on a two-core machine
    // Vitest's default (cores - 1) runs one file at a time and leaves a core idle for most of a run.
    // At most four: each browser file is a Chromium and a server process, the cluster test three.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism() - 1)),
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      { test: { name: "contracts", root: "packages/contracts", include: ["src/**/*.test.ts"] } },
      { test: { name: "pricing", root: "packages/pricing", include: ["src/**/*.test.ts"] } },
      // The house's rules over the whole project's import graph (scripts/import-graph.test.ts).
      { test: { name: "house", root: ".", include: ["scripts/**/*.test.ts"] } },
      {
        // The server suite on the embedded database (PGlite in memory, one per test file).
        test: {
          name: "server",
          root: "apps/server",
          include: serverTests,
          env: { TEST_DATABASE_URL: "" },
          // One migrated and seeded database, archived; each file's database starts from it.
          globalSetup: ["src/testing/seeded-snapshot-setup.ts"],
          ...serverIsolation,
          ...serverTimeouts,
        },
      },
      // The same suite against a real PostgreSQL when TEST_DATABASE_URL is set (CI does).
      ...(pgUrl
        ? [
            {
              test: {
                name: "server-pg",
                root: "apps/server",
                include: serverTests,
                env: { TEST_DATABASE_URL: pgUrl },
                ...serverIsolation,
                ...serverTimeouts,
              },
            },
          ]
        : []),
      {
        // The web app's own config is not reused: the React Router Vite plugin does not run under Vitest.
        test: { name: "web", root: "apps/web", environment: "jsdom", include: ["app/**/*.test.{ts,tsx}"] },
      },
      {
        // Whole processes and the real browser against the built app (`npm test` builds first).
        test: {
          name: "e2e",
          root: ".",
          include: ["apps/server/src/**/*.e2e.ts", "apps/web/e2e/**/*.spec.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // What a user waits for (a lazy view, its texts, its data) can take seconds on a busy CI
          // machine; expect.poll's own default (1 s) made such waits flaky.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
