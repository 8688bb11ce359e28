import { count, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/**
 * How many rows past the start of the page asked for a list counts; where there are more, its
 * total says "more than" that many. Counting every row of a large list (100,000 orders) read the
 * whole index on each page asked for: the operators' lists then answered 30-180 times a second
 * at 50 connections (issue 39). Counting on to a thousand past the page costs a thousand index
 * entries at most, and the pager still offers the pages that follow.
 */
export const COUNT_AHEAD = 1_000;

/** A list's total: exact, or (`totalCapped`) where counting stopped, with more rows beyond it. */
export interface CountedTotal {
  total: number;
  totalCapped: boolean;
}

/** The columns a counted select needs: none of the rows', only that each is there. */
export const countedRow = { counted: sql<number>`1`.as("counted") };

/**
 * Counts the rows of `matching` (the list's select with its joins and filters, of `countedRow`),
 * up to `offset + COUNT_AHEAD` and no further.
 */
export async function countUpTo(db: Db, matching: PgSelect, offset: number): Promise<CountedTotal> {
  const limit = offset + COUNT_AHEAD;
  const [row] = await db.select({ n: count() }).from(matching.limit(limit + 1).as("matching"));
  const n = row?.n ?? 0;
  return n > limit ? { total: limit, totalCapped: true } : { total: n, totalCapped: false };
}
