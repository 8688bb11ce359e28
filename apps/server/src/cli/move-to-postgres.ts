import { sql } from "drizzle-orm";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { openDatabase } from "../db/client.ts";
import { hasPgliteCluster } from "../db/pglite-initdb.ts";
import { copySequences, copyTable, fingerprint, tablesInCopyOrder } from "./table-copy.ts";

export class MoveRefusedError extends Error {
  override name = "MoveRefusedError";
}

export interface MoveReport {
  tables: { table: string; rows: number }[];
  sequences: number;
  /** Jobs that were waiting (mails to send, webhooks to deliver), queued again on PostgreSQL. */
  jobs: number;
}

/** Both sides write and read times in UTC, so that a row's text (its checksum) is the same. */
function inUtc(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("options", "-c TimeZone=UTC");
  return url.toString();
}

/** Refuses a database that already has tables (of any schema but the system's). */
async function assertEmpty(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0) {
      throw new MoveRefusedError(
        `The database at --to is not empty (${rows[0]!.n} tables). Moving needs an empty database: create one (createdb) and name it.`,
      );
    }
  } finally {
    await client.end();
  }
}

interface PendingJob {
  name: string;
  data: object | null;
  start_after: string;
  retry_limit: number;
  singleton_key: string | null;
  priority: number;
}

/**
 * Copies everything the embedded database in `dataDir` holds into an empty PostgreSQL database:
 * the schema (by the same migrations), every table of the application in an order that keeps
 * references valid, every sequence at the same value, and the job runner's waiting jobs (queued
 * again through pg-boss, so that a mail or a webhook acknowledged before the move still goes out).
 * Each table's row count and a checksum of its rows are then compared on both sides; any
 * difference stops with an error. The server must be stopped (the data directory's lock says so).
 */
export async function moveToPostgres(
  dataDir: string,
  databaseUrl: string,
  log: (line: string) => void = console.log,
): Promise<MoveReport> {
  if (!hasPgliteCluster(dataDir)) throw new MoveRefusedError(`${dataDir} holds no Rampart database (check DATA_DIR)`);
  await assertEmpty(databaseUrl);
  const source = await openDatabase({ dataDir });
  try {
    const target = await openDatabase({ databaseUrl: inUtc(databaseUrl) });
    try {
      const tables = await tablesInCopyOrder(source.db);
      // The migrations put rows in some tables (menus, settings): the source has them as well.
      await target.db.execute(
        sql.raw(`truncate table ${tables.map((t) => `public."${t}"`).join(", ")} restart identity cascade`),
      );
      const report: MoveReport = { tables: [], sequences: 0, jobs: 0 };
      for (const table of tables) {
        const rows = await copyTable(source.db, target.db, table);
        report.tables.push({ table, rows });
        log(`  ${table}: ${rows} rows`);
      }
      report.sequences = await copySequences(source.db, target.db);
      for (const table of tables) {
        const [from, to] = [await fingerprint(source.db, table), await fingerprint(target.db, table)];
        if (from.rows !== to.rows || from.checksum !== to.checksum) {
          throw new Error(
            `${table} differs after the copy (${from.rows} rows, checksum ${from.checksum} → ${to.rows} rows, ${to.checksum})`,
          );
        }
      }
      log(`  every table checked: same rows, same checksums; ${report.sequences} sequences set`);
      report.jobs = await moveWaitingJobs(source.db, databaseUrl);
      if (report.jobs > 0) log(`  ${report.jobs} waiting jobs queued again on PostgreSQL`);
      return report;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function moveWaitingJobs(source: Awaited<ReturnType<typeof openDatabase>>["db"], databaseUrl: string) {
  const hasJobs = (
    (await source.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  if (!hasJobs) return 0;
  const { rows } = (await source.execute(
    sql`select name, data, start_after::text, retry_limit, singleton_key, priority from pgboss.job
        where state in ('created', 'retry', 'active') order by created_on`,
  )) as unknown as { rows: PendingJob[] };
  if (rows.length === 0) return 0;
  const boss = new PgBoss({ connectionString: databaseUrl });
  boss.on("error", () => {});
  await boss.start();
  try {
    const byQueue = new Map<string, PendingJob[]>();
    for (const job of rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
    for (const [queue, jobs] of byQueue) {
      if (!(await boss.getQueue(queue))) await boss.createQueue(queue);
      await boss.insert(
        queue,
        jobs.map((job) => ({
          data: job.data ?? {},
          startAfter: new Date(job.start_after),
          retryLimit: job.retry_limit,
          priority: job.priority,
          ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
        })),
      );
    }
  } finally {
    await boss.stop({ graceful: false });
  }
  return rows.length;
}
