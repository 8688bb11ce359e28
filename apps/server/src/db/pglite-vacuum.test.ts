import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { sqlRows } from "./sql-rows.ts";

// PGlite runs no autovacuum: without one of our own, deleted rows' space is never used again.
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://", checkpointCheckEveryMs: 0 });
  await database.db.execute(sql`create table churn (n integer primary key, body text)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const size = async () =>
  Number((await sqlRows<{ size: string }>(database.db, sql`select pg_relation_size('churn') as size`))[0]!.size);

/** Rows written and most of them deleted, as finished jobs and expired sessions are. */
async function churn(from: number): Promise<void> {
  await database.db.execute(
    sql`insert into churn select g, repeat('x', 200) from generate_series(${from}::int, ${from + 19_999}::int) g`,
  );
  await database.db.execute(sql`delete from churn where n >= ${from}`);
}

it("vacuums and analyzes every table in turn, so that deleted rows' space is used again", async () => {
  await churn(1);
  const grown = await size();
  expect(grown).toBeGreaterThan(4_000_000);
  // Without a vacuum, the same work again doubles the file.
  await churn(100_000);
  expect(await size()).toBeGreaterThan(grown * 1.8);

  // A round of the tables (the migrations' own among them), each in turn.
  const done = new Set<string>();
  for (let table = await database.vacuumNext!(); table && !done.has(table); table = await database.vacuumNext!())
    done.add(table);
  expect(done).toContain("public.churn");
  const [stats] = await sqlRows<{ vacuumed: boolean; analyzed: boolean }>(
    database.db,
    sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
          from pg_stat_user_tables where relname = 'churn'`,
  );
  expect(stats).toEqual({ vacuumed: true, analyzed: true });
  // Its empty pages are handed back, and the next rows go into the space of the deleted ones.
  const vacuumed = await size();
  expect(vacuumed).toBeLessThan(grown / 10);
  await database.db.execute(sql`insert into churn select g, repeat('y', 200) from generate_series(1, 1000) g`);
  expect(await size()).toBeLessThan(grown / 10);
});
