import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeTurns } from "./pglite-turns.ts";

const QUERIES = 2000;

/** Runs QUERIES queries one after another; how many had finished when the event loop next turned. */
async function doneWhenTheLoopTurned(run: (counted: () => Promise<unknown>) => Promise<void>): Promise<number> {
  let done = 0;
  let doneThen = -1;
  setImmediate(() => {
    doneThen = done;
  });
  await run(async () => {
    await Promise.resolve();
    done++;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return doneThen;
}

describe("the embedded database's work takes turns with the rest of the process", () => {
  let plain: PGlite;
  let turns: PGlite;
  beforeAll(async () => {
    [plain, turns] = await Promise.all([PGlite.create(), PGlite.create()]);
    takeTurns(turns);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), turns?.close()]);
  });

  it("shows the problem: PGlite's queries one after another never let the event loop turn", async () => {
    const doneThen = await doneWhenTheLoopTurned(async (counted) => {
      for (let i = 0; i < QUERIES; i++) await plain.query("select 1").then(counted);
    });
    expect(doneThen).toBe(QUERIES);
  });

  it("lets the loop turn during a long run of queries, and inside a transaction", async () => {
    const outside = await doneWhenTheLoopTurned(async (counted) => {
      for (let i = 0; i < QUERIES; i++) await turns.query("select 1").then(counted);
    });
    expect(outside).toBeGreaterThanOrEqual(0);
    expect(outside).toBeLessThan(QUERIES);

    const inside = await doneWhenTheLoopTurned(async (counted) => {
      await turns.transaction(async (tx) => {
        for (let i = 0; i < QUERIES; i++) await tx.query("select 1").then(counted);
      });
    });
    expect(inside).toBeGreaterThanOrEqual(0);
    expect(inside).toBeLessThan(QUERIES);
  });

  it("lets the loop turn during a burst of queries asked at once (requests read in one turn)", async () => {
    // Few enough to be asked within a slice, each long enough (about a millisecond) for the burst
    // to last many slices: asked when queued, each found the slice young and went in.
    const BURST = 200;
    const slow = "select count(*) from generate_series(1, 20000)";
    const plainBurst = await doneWhenTheLoopTurned(async (counted) => {
      await Promise.all(Array.from({ length: BURST }, () => plain.query(slow).then(counted)));
    });
    expect(plainBurst).toBe(BURST);
    const burst = await doneWhenTheLoopTurned(async (counted) => {
      await Promise.all(Array.from({ length: BURST }, () => turns.query(slow).then(counted)));
    });
    expect(burst).toBeGreaterThanOrEqual(0);
    expect(burst).toBeLessThan(BURST / 2);
    // Asked at once, answered in the order asked, transactions included.
    const order: number[] = [];
    await Promise.all([
      turns.query("select 1").then(() => order.push(1)),
      turns.transaction(async (tx) => {
        await tx.query("select 2");
        order.push(2);
      }),
      turns.exec("select 3").then(() => order.push(3)),
    ]);
    expect(order).toEqual([1, 2, 3]);
  });

  it("answers as before: results, errors, a transaction rolled back", async () => {
    expect((await turns.query<{ n: number }>("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
    await expect(turns.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
    await turns.exec("create table kept (n int)");
    await expect(
      turns.transaction(async (tx) => {
        await tx.query("insert into kept values (1)");
        throw new Error("undone");
      }),
    ).rejects.toThrow("undone");
    expect((await turns.query("select * from kept")).rows).toEqual([]);
  });
});
