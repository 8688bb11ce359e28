import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { PgliteCheckpoints } from "./pglite-checkpoints.ts";

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rampart-pglite-wal-"));
  // No checkpoint on a timer here: each test says when one may come.
  database = await openDatabase({ dataDir, checkpointCheckEveryMs: 0 });
  await database.db.execute(sql`create table wal_probe (n integer, text text)`);
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function value<T>(query: SQL): Promise<T> {
  const { rows } = (await database.db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(rows[0]!)[0]!;
}

const segments = () => new Set(readdirSync(join(dataDir, "pg_wal")).filter((name) => /^[0-9A-F]{24}$/.test(name)));
const flushedSegment = () => value<string>(sql`select pg_walfile_name(pg_current_wal_flush_lsn())`);
const redo = () => value<string>(sql`select redo_lsn::text from pg_control_checkpoint()`);
const SEGMENT_MB = 16;

/** A little WAL, then the rest of the segment skipped: each call moves on to the next segment file. */
async function nextSegment(): Promise<void> {
  await database.db.execute(sql`insert into wal_probe values (1, '')`);
  await database.db.execute(sql`select pg_switch_wal()`);
}

describe("the embedded database's WAL", () => {
  it("makes a new segment without writing it full of zeros (the server's one thread is spared 16 MB of writes)", async () => {
    // Any segment already here may be an old one renamed for reuse: go on to one made now.
    const before = segments();
    while (before.has(await flushedSegment())) {
      // Rows of 1 KB of random text each (not compressed).
      await database.db.execute(
        sql`insert into wal_probe select g, (select string_agg(md5(random()::text || i || g), '') from generate_series(1, 32) i) from generate_series(1, 2000) g`,
      );
    }
    const file = statSync(join(dataDir, "pg_wal", await flushedSegment()));
    expect(file.size).toBe(SEGMENT_MB * 1024 * 1024);
    // Written with zeros first, all of its 16 MB would be on disk; only the WAL it holds is.
    expect(file.blocks * 512).toBeLessThan(file.size / 2);
  }, 60_000);

  it("is checkpointed once 64 MB of WAL has been written (PostgreSQL alone never does it here), and pg_wal keeps only what follows", async () => {
    await database.db.execute(sql`checkpoint`);
    const redoBefore = await redo();
    // Under 48 MB of WAL since the checkpoint: not due.
    for (let i = 0; i < 3; i++) await nextSegment();
    expect(await database.checkpointIfDue!()).toBe(false);
    // 208 MB, past PostgreSQL's own max_wal_size (1 GB) in segments' terms too: still no checkpoint
    // of PostgreSQL's making, as it makes one for WAL only under its postmaster.
    for (let i = 0; i < 10; i++) await nextSegment();
    expect(await redo()).toBe(redoBefore);
    expect(segments().size).toBeGreaterThanOrEqual(13);
    expect(await database.checkpointIfDue!()).toBe(true);
    expect(await redo()).not.toBe(redoBefore);
    // The segments before the checkpoint are gone, not kept to be written over.
    expect(segments().size).toBeLessThanOrEqual(2);
    expect(await database.checkpointIfDue!()).toBe(false);
  }, 60_000);

  it("is asked on a timer, which stops with the database", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const client = (database.jobStore as { pglite: PGlite }).pglite;
    const checkpoints = new PgliteCheckpoints(client, 10_000);
    for (let i = 0; i < 5; i++) await nextSegment();
    const redoBefore = await redo();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await redo()).toBe(redoBefore);
    await vi.advanceTimersByTimeAsync(1);
    // Stopping waits for the check the timer started.
    await checkpoints.stop();
    expect(await redo()).not.toBe(redoBefore);
    expect(vi.getTimerCount()).toBe(0);
  }, 60_000);
});

it("keeps the embedded database's buffer pool at 32 MB (its WebAssembly memory never shrinks)", async () => {
  expect(await value<string>(sql`show shared_buffers`)).toBe("32MB");
});
