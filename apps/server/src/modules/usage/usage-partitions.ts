import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/** Per database, the months (UTC, "YYYYMM") whose partition of `biz_usage_5m` this process knows exists. */
const knownMonths = new WeakMap<Db, Set<string>>();
function known(db: Db): Set<string> {
  const months = knownMonths.get(db) ?? new Set<string>();
  knownMonths.set(db, months);
  return months;
}

const monthKey = (at: Date) => `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, "0")}`;

/** The UTC months from `from` to `to`, both included. */
function monthsBetween(from: Date, to: Date): Date[] {
  const months: Date[] = [];
  for (
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    month <= to;
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  )
    months.push(month);
  return months;
}

/**
 * Makes the monthly partitions of `biz_usage_5m` (UTC months) that rows from `from` to `to` go in,
 * before they are written: one short transaction each, under an advisory lock so that processes
 * making the same month wait for each other rather than fail. Each process remembers the months it
 * has seen, so a batch of known months costs nothing.
 */
export async function ensureUsagePartitions(db: Db, from: Date, to: Date): Promise<void> {
  for (const month of monthsBetween(from, to)) {
    const key = monthKey(month);
    if (known(db).has(key)) continue;
    const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('biz_usage_5m partitions'))`);
      await tx.execute(
        sql.raw(
          `create table if not exists biz_usage_5m_${key} partition of biz_usage_5m
             for values from ('${month.toISOString()}') to ('${next.toISOString()}')`,
        ),
      );
    });
    known(db).add(key);
  }
}

/**
 * Forgets the months this process believes have partitions: another process may have dropped
 * one (retention) that a batch now needs again (the retention was lengthened).
 */
export function forgetUsagePartitions(db: Db): void {
  known(db).clear();
}

/** Whether an error is PostgreSQL's refusal of a row no partition takes. */
export function isMissingPartition(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (/no partition of relation/.test(e.message ?? "")) return true;
  return false;
}

/**
 * Drops the partitions of months that ended before `before` (whole months past retention; the
 * rows of a month that ends after it are deleted row by row by the roll-up). Returns the months dropped.
 */
export async function dropUsagePartitionsBefore(db: Db, before: Date): Promise<string[]> {
  const partitions = await sqlRows<{ name: string }>(
    db,
    sql`
    select c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = 'biz_usage_5m'`,
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const match = /^biz_usage_5m_(\d{4})(\d{2})$/.exec(name);
    if (!match) continue;
    const end = new Date(Date.UTC(Number(match[1]), Number(match[2]), 1));
    if (end > before) continue;
    await db.execute(sql.raw(`drop table if exists ${name}`));
    known(db).delete(`${match[1]}${match[2]}`);
    dropped.push(`${match[1]}-${match[2]}`);
  }
  return dropped.sort();
}
