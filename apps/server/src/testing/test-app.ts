import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  close(): Promise<void>;
}

/** The real app on a fresh test database (no web rendering), for inject() tests. */
export async function openTestApp(options: { siteCacheTtlMs?: number } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: { logLevel: "silent", siteCacheTtlMs: options.siteCacheTtlMs ?? 60_000, env: "test" },
    database,
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
