import { sql as sqlText } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { JobRunner } from "./job-runner.ts";

// Two job runners on one database stand for two server processes: each defines the same queue and
// the same schedule, as every process does at start-up.
let database: Database;
const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
// Their clocks, moved together by hand, start just after a minute begins.
const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
const clocks = [new TestClock(start), new TestClock(start)];
const runners: JobRunner[] = [];
const runs: { runner: number; id: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (const [index, clock] of clocks.entries()) {
    const runner = new JobRunner(database, quiet, clock);
    runner.define(
      "every-minute",
      { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 60 },
      async (_data, job) => {
        runs.push({ runner: index, id: job.id });
      },
    );
    runner.schedule("every-minute", "* * * * *");
    runners.push(runner);
  }
  for (const runner of runners) await runner.start();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await database.close();
});

it("runs a scheduled job once per occurrence however many processes schedule it", async () => {
  const minutes = 4;
  for (let second = 0; second < minutes * 60; second += 5) {
    for (const clock of clocks) await clock.tick(5_000);
  }
  // Let the last occurrence's job finish on whichever runner took it.
  await expect.poll(() => runs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(minutes - 1);
  for (const clock of clocks) await clock.tick(5_000);
  // One run per minute that began (the one the clocks started in, then four more), never one per
  // runner (ten), and no job twice.
  expect(runs.length).toBe(minutes + 1);
  expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
});

it("keeps a queue's stored settings on a start with the same policy, and changes them when it changed", async () => {
  const policy = { retryLimit: 2, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 };
  // Each start an hour after the last, so that an update would show in the queue's updated_on.
  let hours = 0;
  const startWith = async (p: typeof policy) => {
    const runner = new JobRunner(database, quiet, new TestClock(new Date(start.getTime() + hours++ * 3_600_000)));
    runner.define("policy-check", p, async () => {});
    await runner.start();
    await runner.stop();
  };
  const stored = async () => {
    const result = (await database.db.execute(
      sqlText`SELECT retry_limit, retry_delay, updated_on::text FROM pgboss.queue WHERE name = 'policy-check'`,
    )) as unknown as { rows: { retry_limit: number; retry_delay: number; updated_on: string }[] };
    return result.rows[0]!;
  };
  await startWith(policy);
  const first = await stored();
  expect(first).toMatchObject({ retry_limit: 2, retry_delay: 30 });
  await startWith(policy);
  expect(await stored()).toEqual(first);
  await startWith({ ...policy, retryLimit: 5 });
  const changed = await stored();
  expect(changed).toMatchObject({ retry_limit: 5, retry_delay: 30 });
  expect(changed.updated_on).not.toBe(first.updated_on);
});

/** How many schedules a queue has. */
const schedulesOf = async (queue: string) => {
  const result = (await database.db.execute(
    sqlText`SELECT name FROM pgboss.schedule WHERE name = ${queue}`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.length;
};

it("removes at start a schedule an earlier version made, and starts where there is none", async () => {
  const scheduled = () => schedulesOf("hourly-before");
  // The earlier version: its queue, on a schedule.
  const earlier = new JobRunner(database, quiet, new TestClock(start));
  earlier.define(
    "hourly-before",
    { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 60 },
    async () => {},
  );
  earlier.schedule("hourly-before", "41 * * * *");
  await earlier.start();
  await earlier.stop();
  expect(await scheduled()).toBe(1);
  // This version no longer defines it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const later = new JobRunner(database, quiet, new TestClock(start));
    later.retireSchedule("hourly-before");
    await later.start();
    await later.stop();
    expect(await scheduled()).toBe(0);
  }
  const fresh = new JobRunner(database, quiet, new TestClock(start));
  fresh.retireSchedule("never-defined");
  await fresh.start();
  await fresh.stop();
});

it("sets no schedule when told not to, and still works its queues", async () => {
  const runner = new JobRunner(database, quiet, undefined, undefined, { schedules: false });
  const done: string[] = [];
  runner.define<{ n: string }>(
    "unscheduled",
    { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 60 },
    async ({ n }) => {
      done.push(n);
    },
  );
  runner.schedule("unscheduled", "* * * * *");
  await runner.start();
  try {
    expect(await schedulesOf("unscheduled")).toBe(0);
    await runner.send("unscheduled", { n: "sent" });
    await vi.waitFor(() => expect(done).toEqual(["sent"]), { timeout: 10_000 });
  } finally {
    await runner.stop();
  }
});
