import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { openTestApp, TEST_TOKEN_SECRET, type TestApp, testConfig } from "../testing/test-app.ts";

// Two server processes on one PostgreSQL database (two apps, each with its own pool), and a client
// whose sign-in attempts the balancer spreads over both.
describe.skipIf(!process.env.TEST_DATABASE_URL)("rate limits across processes, on PostgreSQL", () => {
  let one: TestApp;
  let otherDatabase: Database;
  let other: FastifyInstance;
  beforeAll(async () => {
    one = await openTestApp({ loginRateLimitPerMinute: 3 });
    otherDatabase = await openDatabase({ databaseUrl: one.database.url! });
    other = await buildApp({
      config: testConfig({ loginRateLimitPerMinute: 3 }),
      database: otherDatabase,
      tokenSecret: TEST_TOKEN_SECRET,
    });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.close();
    await one.close();
  });

  const attempt = (app: FastifyInstance, n: number, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/prod-api/auth/admin/login",
      payload: { username: `nobody-${n}`, password: "not-the-password" },
      remoteAddress,
    });

  it("counts one client's attempts on every process together", async () => {
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push((await attempt(n % 2 ? other : one.app, n, "203.0.113.50")).statusCode);
    // Three a minute in all, wherever they land (each process alone would have let all four through).
    expect(answers).toEqual([400, 400, 400, 429]);
    // Another client is not held back by this one.
    expect((await attempt(other, 9, "203.0.113.51")).statusCode).toBe(400);
  });
});
