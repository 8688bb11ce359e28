// The customer's usage page with a provider's figures loaded (issue 40): PACKAGES packages × 5
// series × 35 days of 5-minute buckets, 13 months of hours, 5 years of days and 90 days of top
// lists (bench-usage-views-data.ts, written by the database in SQL), then the page's one request,
// GET /prod-api/control/services/:orderNo/usage, asked by the package's customer (signed in) for
// the last 24 hours, 7 days, 30 days and 13 months (a custom range), for the whole package and for
// one of its domains, by CONNECTIONS connections at once for SECONDS each: p95, p99, requests per
// second and CPU per answer against the targets (p95 < 150 ms up to 30 days, < 300 ms for 13
// months); the load's time and the tables' sizes on disk. On PostgreSQL in a database of its own,
// made and dropped here; on PGlite in a DATA_DIR of its own, loaded block by block of packages
// until PGLITE_BUDGET_SECONDS are spent (then measured with what it holds).
// Alone: `node scripts/bench-usage-views.ts`, BENCH_DATABASE_URL for PostgreSQL,
// BENCH_USAGE_VIEWS_ONLY=pglite or =postgres, BENCH_USAGE_VIEWS_PACKAGES (200),
// BENCH_USAGE_VIEWS_SECONDS per case (5), BENCH_USAGE_VIEWS_PGLITE_BUDGET (900 s),
// BENCH_USAGE_VIEWS_KEEP=1 to keep the loaded database (its name printed) and
// BENCH_USAGE_VIEWS_REUSE=<database name or PGlite directory> to measure one kept before without
// loading it again; from `npm run bench`, at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { hashPassword } from "../apps/server/src/modules/auth/password.ts";
import { ensureUsagePartitions } from "../apps/server/src/modules/usage/usage-partitions.ts";
import { signInOverHttp, startServerProcess } from "../apps/server/src/testing/server-process.ts";
import { type Answering, load } from "./bench-lists.ts";
import {
  customerOf,
  DOMAINS,
  dailyStatement,
  fiveMinuteStatement,
  hourlyStatement,
  orderNoOf,
  packageStatements,
  topStatement,
} from "./bench-usage-views-data.ts";

const PACKAGES = Number(process.env.BENCH_USAGE_VIEWS_PACKAGES ?? 200);
/** Packages loaded per statement. */
const BLOCK = 20;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_USAGE_VIEWS_SECONDS ?? 5);
const PGLITE_BUDGET_SECONDS = Number(process.env.BENCH_USAGE_VIEWS_PGLITE_BUDGET ?? 900);
const PASSWORD = "bench-usage-customer-password";
const TOKEN_SECRET = process.env.TOKEN_SECRET ?? "bench-token-secret-bench-token-secret-0123456789";
const DAY = 86_400_000;

type Run = (statement: string) => Promise<{ rows: unknown[] }>;

/** What the load wrote: packages, and seconds per table. */
interface Loaded {
  packages: number;
  seconds: Record<"5m" | "hourly" | "daily" | "top" | "vacuum", number>;
}

/** Writes the packages, then block by block their figures, until `budgetSeconds` are spent. */
async function fill(run: Run, budgetSeconds = Number.POSITIVE_INFINITY): Promise<Loaded> {
  const started = performance.now();
  const seconds: Loaded["seconds"] = { "5m": 0, hourly: 0, daily: 0, top: 0, vacuum: 0 };
  const timed = async (key: keyof Loaded["seconds"], statement: string) => {
    const at = performance.now();
    await run(statement);
    seconds[key] += (performance.now() - at) / 1000;
  };
  for (const statement of packageStatements(PACKAGES, await hashPassword(PASSWORD))) await run(statement);
  let packages = 0;
  while (packages < PACKAGES && (performance.now() - started) / 1000 < budgetSeconds) {
    const last = Math.min(PACKAGES, packages + BLOCK) - 1;
    await timed("5m", fiveMinuteStatement(packages, last));
    await timed("hourly", hourlyStatement(packages, last));
    await timed("daily", dailyStatement(packages, last));
    await timed("top", topStatement(packages, last));
    packages = last + 1;
    process.stdout.write(`  … ${packages} packages loaded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  // As autovacuum leaves a table some time after a bulk write: statistics read, visibility known.
  await timed("vacuum", "vacuum analyze");
  return { packages, seconds };
}

const MB = 1024 * 1024;

/** The usage tables' rows and bytes on disk, the data and its indexes (the 5-minute partitions together). */
async function sizes(run: Run): Promise<string[]> {
  const { rows } = (await run(`
    with t(name, rel) as (
      select 'biz_usage_5m', i.inhrelid from pg_inherits i where i.inhparent = 'biz_usage_5m'::regclass
      union all select 'biz_usage_hourly', 'biz_usage_hourly'::regclass
      union all select 'biz_usage_daily', 'biz_usage_daily'::regclass
      union all select 'biz_usage_top', 'biz_usage_top'::regclass)
    select name, count(*)::int as partitions, sum(pg_table_size(rel))::bigint as data, sum(pg_indexes_size(rel))::bigint as indexes,
           sum((select reltuples from pg_class c where c.oid = rel))::bigint as n
      from t group by name order by name`)) as {
    rows: { name: string; partitions: number; data: string; indexes: string; n: string }[];
  };
  let total = 0;
  const lines = rows.map(({ name, partitions, data, indexes, n }) => {
    const bytes = Number(data) + Number(indexes);
    total += bytes;
    const label = partitions > 1 ? `${name} (${partitions} partitions)` : name;
    return `    ${label.padEnd(30)} ${Number(n).toLocaleString("en").padStart(11)} rows  ${(bytes / MB).toFixed(0).padStart(6)} MB (data ${(Number(data) / MB).toFixed(0)} MB, indexes ${(Number(indexes) / MB).toFixed(0)} MB)  ${Number(n) ? Math.round(bytes / Number(n)) : 0} B/row`;
  });
  return [...lines, `    ${"together".padEnd(30)} ${"".padStart(16)} ${(total / MB).toFixed(0).padStart(6)} MB`];
}

interface Case {
  name: string;
  query: string;
  targetMs: number;
}

/** The page's ranges for the whole package and for its first domain. */
function cases(serviceId: number): Case[] {
  const now = new Date();
  const thirteenMonths = new Date(now);
  thirteenMonths.setUTCMonth(thirteenMonths.getUTCMonth() - 13);
  const ranges = [
    { name: "24 hours", query: "range=24h", targetMs: 150 },
    { name: "7 days", query: "range=7d", targetMs: 150 },
    { name: "30 days", query: "range=30d", targetMs: 150 },
    {
      name: "13 months",
      query: `range=custom&from=${thirteenMonths.toISOString().slice(0, 10)}&to=${now.toISOString().slice(0, 10)}`,
      targetMs: 300,
    },
  ];
  const domain = `www1.bench${serviceId}.example`;
  return [
    ...ranges.map((range) => ({ ...range, name: `${range.name}, whole` })),
    ...ranges.map((range) => ({ ...range, name: `${range.name}, a domain`, query: `${range.query}&domain=${domain}` })),
  ];
}

/**
 * The answers a second the machine's cores would give if nothing else ran on them, from the CPU
 * each answer took: PostgreSQL's backends run beside the server on every core, PGlite answers on
 * the server's one thread. What the page can take, where the latency on a shared machine cannot say.
 */
function freeCoreRate(result: { serverMicros: number; databaseMicros?: number | undefined }): number {
  const cores = result.databaseMicros === undefined ? 1 : availableParallelism();
  return Math.round((cores * 1e6) / Math.max(1, result.serverMicros + (result.databaseMicros ?? 0)));
}

/** One answer, checked: its points and size. */
async function firstAnswer(url: string, token: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const body = JSON.parse(text) as { code: number; msg: string; data?: { at: string[]; granularity: string } };
  if (body.code !== 200 || !body.data) throw new Error(`bench: ${url} answered ${body.msg}`);
  return `${body.data.at.length} points of ${body.data.granularity}, ${Math.round(text.length / 1024)} KB`;
}

async function measurePage(
  env: Record<string, string>,
  serviceId: number,
  databasePids?: () => Promise<number[]>,
): Promise<void> {
  const server = await startServerProcess({ ...env, LOG_LEVEL: "warn", CAPTCHA_ENABLED: "false" });
  try {
    const token = await signInOverHttp(server.baseUrl, customerOf(0), PASSWORD);
    const answering: Answering = { server: server.child.pid!, database: databasePids };
    console.log(
      `  the usage page as its customer, ${CONNECTIONS} connections, ${SECONDS} s per case; machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.log(
      `  ${"range".padEnd(22)} ${"req/s".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU µs/req".padStart(11)} ${databasePids ? "   (DB)" : ""} ${"free-core req/s".padStart(15)}  target   answer`,
    );
    const missed: string[] = [];
    for (const item of cases(serviceId)) {
      const url = `${server.baseUrl}/prod-api/control/services/${orderNoOf(0)}/usage?${item.query}`;
      const answer = await firstAnswer(url, token);
      await load(url, token, 1, answering, CONNECTIONS); // warm up: the route's code optimised, the pages in the cache
      const result = await load(url, token, SECONDS, answering, CONNECTIONS);
      const mark = result.p95 > 0 && result.p95 < item.targetMs ? "" : "  ✗";
      if (mark) missed.push(item.name);
      console.log(
        `  ${item.name.padEnd(22)} ${result.rps.toFixed(1).padStart(7)} ${String(result.p95).padStart(7)} ${String(result.p99).padStart(7)} ${String(result.serverMicros).padStart(11)} ${result.databaseMicros === undefined ? "" : `(${result.databaseMicros})`.padStart(7)} ${String(freeCoreRate(result)).padStart(15)}  < ${item.targetMs}  ${answer}${result.errors ? `, ${result.errors} errors!` : ""}${mark}`,
      );
    }
    console.log(missed.length ? `  targets missed: ${missed.join("; ")}` : "  every case within its target");
  } catch (error) {
    console.log(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
  }
}

/** Migrates and seeds an empty database (one start of the server), then makes the 5-minute months' partitions. */
async function prepare(env: Record<string, string>, options: { dataDir?: string; databaseUrl?: string }) {
  await (await startServerProcess({ ...env, ADMIN_PASSWORD: "bench-usage-views-admin" })).stop();
  const database = await openDatabase(options);
  try {
    await ensureUsagePartitions(database.db, new Date(Date.now() - 36 * DAY), new Date(Date.now() + DAY));
  } finally {
    await database.close();
  }
}

function loadLine(label: string, loaded: Loaded, wanted: number): string {
  const s = loaded.seconds;
  const all = Object.values(s).reduce((a, b) => a + b, 0);
  return `\n${label}: ${loaded.packages} packages × ${DOMAINS + 1} series loaded in ${all.toFixed(0)} s (5-minute ${s["5m"].toFixed(0)} s, hourly ${s.hourly.toFixed(0)} s, daily ${s.daily.toFixed(0)} s, top lists ${s.top.toFixed(0)} s, vacuum analyze ${s.vacuum.toFixed(0)} s)${loaded.packages < wanted ? ` — stopped at the time budget, ${wanted} wanted` : ""}; machine load ${loadavg()[0]!.toFixed(1)}`;
}

const serviceIdOf = async (run: Run) =>
  Number(
    (
      (await run(`select service_id from biz_service where order_no = '${orderNoOf(0)}'`)).rows[0] as {
        service_id: string;
      }
    ).service_id,
  );

async function onPostgres(adminUrl: string): Promise<void> {
  const reuse = process.env.BENCH_USAGE_VIEWS_REUSE;
  const name = reuse ?? `rampart_bench_usage_views_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), TOKEN_SECRET };
  try {
    if (!reuse) {
      await admin.query(`create database ${name}`);
      await prepare(env, { databaseUrl: url.toString() });
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let serviceId: number;
    try {
      const run: Run = (statement) => client.query(statement);
      if (!reuse) console.log(loadLine("PostgreSQL", await fill(run), PACKAGES));
      else console.log(`\nPostgreSQL: the database ${name} loaded before`);
      console.log("  on disk:");
      for (const line of await sizes(run)) console.log(line);
      serviceId = await serviceIdOf(run);
    } finally {
      await client.end();
    }
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        )
      ).rows.map((row) => row.pid);
    await measurePage(env, serviceId, backends);
  } finally {
    if (process.env.BENCH_USAGE_VIEWS_KEEP || reuse) console.log(`  (the database ${name} kept)`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const reuse = process.env.BENCH_USAGE_VIEWS_REUSE;
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), "rampart-bench-usage-views-"));
  const env = { DATA_DIR: dataDir, TOKEN_SECRET };
  try {
    if (!reuse) await prepare(env, { dataDir });
    const db = await PGlite.create({ dataDir });
    let serviceId: number;
    try {
      const run: Run = (statement) => db.query(statement);
      if (!reuse) console.log(loadLine("Embedded PGlite", await fill(run, PGLITE_BUDGET_SECONDS), PACKAGES));
      else console.log(`\nEmbedded PGlite: ${dataDir} loaded before`);
      console.log("  on disk:");
      for (const line of await sizes(run)) console.log(line);
      serviceId = await serviceIdOf(run);
    } finally {
      await db.close();
    }
    await measurePage(env, serviceId);
  } finally {
    if (process.env.BENCH_USAGE_VIEWS_KEEP || reuse) console.log(`  (${dataDir} kept)`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The usage page's bench on PGlite, and on PostgreSQL when `databaseUrl` (a server's URL to make a database on) is given. */
export async function benchUsageViews(databaseUrl: string | undefined): Promise<void> {
  const only = process.env.BENCH_USAGE_VIEWS_ONLY;
  if (only !== "postgres") await onPglite();
  if (only !== "pglite") {
    if (databaseUrl) await onPostgres(databaseUrl);
    else console.log("\nThe usage page on PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to measure it)");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUsageViews(process.env.BENCH_DATABASE_URL);
