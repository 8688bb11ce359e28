import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rampart-pglite-settings-"));
  database = await openDatabase({ dataDir });
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function value<T>(query: SQL): Promise<T> {
  const { rows } = (await database.db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(rows[0]!)[0]!;
}

const segments = () => new Set(readdirSync(join(dataDir, "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name)));
const flushedSegment = () => value<string>(sql`select pg_walfile_name(pg_current_wal_flush_lsn())`);
const redo = () => value<string>(sql`select redo_lsn::text from pg_control_checkpoint()`);

/** A little WAL, then the rest of the segment skipped: each call moves on to the next segment file. */
async function nextSegment(): Promise<void> {
  await database.db.execute(sql`insert into wal_probe values (1, '')`);
  await database.db.execute(sql`select pg_switch_wal()`);
}

describe("the embedded database's WAL", () => {
  it("makes a new segment without writing it full of zeros (the server's one thread is spared 16 MB of writes)", async () => {
    expect(await value(sql`show wal_init_zero`)).toBe("off");
    await database.db.execute(sql`create table wal_probe (n integer, text text)`);
    const first = await flushedSegment();
    // Rows of 1 KB of random text (not compressed) until the WAL goes on into a segment made here.
    while ((await flushedSegment()) === first) {
      await database.db.execute(
        sql`insert into wal_probe select g, (select string_agg(md5(random()::text || i || g), '') from generate_series(1, 32) i) from generate_series(1, 2000) g`,
      );
    }
    const file = statSync(join(dataDir, "pg_wal", await flushedSegment()));
    expect(file.size).toBe(16 * 1024 * 1024);
    // Written with zeros first, all of its 16 MB would be on disk; only what WAL it holds is.
    expect(file.blocks * 512).toBeLessThan(file.size / 2);
  }, 60_000);

  it("is checkpointed once 64 MB of WAL has been written (a single-user PostgreSQL never asks for it), so pg_wal stays small", async () => {
    const redoBefore = await redo();
    // Each segment skipped is 16 MB of WAL: 48 MB, not due yet.
    for (let i = 0; i < 3; i++) await nextSegment();
    expect(await database.checkpointIfDue!()).toBe(false);
    expect(await redo()).toBe(redoBefore);
    // 208 MB in all: PostgreSQL's own trigger (max_wal_size, 1 GB) would not have fired either.
    for (let i = 0; i < 10; i++) await nextSegment();
    const segmentsBefore = segments().size;
    expect(await database.checkpointIfDue!()).toBe(true);
    expect(await redo()).not.toBe(redoBefore);
    // The segments before the checkpoint are removed, or kept for reuse up to max_wal_size (128 MB).
    expect(segmentsBefore).toBeGreaterThan(128 / 16 + 2);
    expect(segments().size).toBeLessThanOrEqual(128 / 16 + 2);
    expect(await database.checkpointIfDue!()).toBe(false);
  }, 60_000);
});
