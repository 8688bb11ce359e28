// The operators' lists with many rows (issue 39): ROWS orders, services, invoices, mails and
// operations (bench-lists-data.ts), each list asked as an operator asks it — its first page (the
// default order), a later page, a page deep in the list, a search by fields and one by customer —
// by LIST_CONNECTIONS connections at once; p95 and p99 latency and requests per second of each,
// against the target (p95 < 50 ms on PostgreSQL). On PostgreSQL in a database of its own, made
// and dropped here; on the embedded PGlite in a DATA_DIR of its own.
// Alone: `node scripts/bench-lists.ts` (after `npm run build`), BENCH_DATABASE_URL for PostgreSQL,
// BENCH_LISTS_ONLY=pglite or =postgres for one of them, BENCH_LISTS=orders,mails for some lists,
// BENCH_LIST_SECONDS per case (5); from `npm run bench`, after the others.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { signInOverHttp, startServerProcess } from "../apps/server/src/testing/server-process.ts";
import { BENCH_CUSTOMER_SEARCH, fillStatements, ROWS } from "./bench-lists-data.ts";
import { cpuSecondsOfStat } from "./bench-throughput.ts";

const LIST_CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 5);
const TARGET_P95_MS = 50;
const ADMIN_PASSWORD = "bench-lists-admin-password";

interface Case {
  name: string;
  query: string;
}
interface List {
  name: string;
  path: string;
  cases: Case[];
}

/** Each list, asked as the console asks it (page size 20, its default). */
function lists(): List[] {
  const page = (n: number) => `pageNum=${n}&pageSize=20`;
  const pages = (extra: Case[]): Case[] => [
    { name: "first page", query: page(1) },
    { name: "page 50", query: page(50) },
    { name: "page 1000", query: page(1000) },
    ...extra,
  ];
  return [
    {
      name: "orders",
      path: "/prod-api/order/trade/order/list",
      cases: pages([
        { name: "paid cdn orders", query: `${page(1)}&status=paid&product=cdn` },
        { name: "a customer's", query: `${page(1)}&userName=${BENCH_CUSTOMER_SEARCH}` },
      ]),
    },
    {
      name: "services",
      path: "/prod-api/business/service/list",
      cases: pages([
        { name: "active waf services", query: `${page(1)}&state=active&product=waf` },
        { name: "a customer's", query: `${page(1)}&userName=${BENCH_CUSTOMER_SEARCH}` },
      ]),
    },
    {
      name: "invoices",
      path: "/prod-api/business/invoice/list",
      cases: pages([
        { name: "credit notes", query: `${page(1)}&kind=credit_note` },
        { name: "a customer's", query: `${page(1)}&customer=${BENCH_CUSTOMER_SEARCH}` },
      ]),
    },
    {
      name: "mails",
      path: "/prod-api/monitor/mail/list",
      cases: pages([
        { name: "failed mails", query: `${page(1)}&status=failed` },
        { name: "a recipient's", query: `${page(1)}&recipient=customer42@` },
      ]),
    },
    {
      name: "operation log",
      path: "/prod-api/monitor/operlog/list",
      cases: pages([
        { name: "refused order changes", query: `${page(1)}&module=order&outcome=failure` },
        { name: "a user's", query: `${page(1)}&userName=${BENCH_CUSTOMER_SEARCH}` },
      ]),
    },
  ];
}

/** The q-th quantile (0..1) of sorted values. */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Processes' CPU time in seconds (user and system), those that have exited since counting nothing. */
function cpuSeconds(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {}
  }
  return sum;
}

/**
 * The processes that answer: the server's, and on PostgreSQL the server processes of the bench's
 * database (its pool's connections), read again at each use as the pool opens them.
 */
export interface Answering {
  server: number;
  database?: () => Promise<number[]>;
}

/**
 * LIST_CONNECTIONS (or `connections`) connections asking one URL for `seconds`; every answer's time kept for p95; the
 * CPU time the server and the database spent per answer, which on this shared two-core machine
 * says more than the latency (the other work on it takes turns with the bench's).
 */
export async function load(
  url: string,
  token: string,
  seconds: number,
  answering: Answering,
  connections = LIST_CONNECTIONS,
) {
  const databasePids = (await answering.database?.()) ?? [];
  const before = { server: cpuSeconds([answering.server]), database: cpuSeconds(databasePids) };
  const times: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" },
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const result = await instance;
  const serverCpu = cpuSeconds([answering.server]) - before.server;
  const databaseCpu = cpuSeconds(databasePids) - before.database;
  times.sort((a, b) => a - b);
  const perAnswer = (cpu: number) => (times.length ? Math.round((cpu / times.length) * 1e6) : 0);
  return {
    serverMicros: perAnswer(serverCpu),
    databaseMicros: answering.database ? perAnswer(databaseCpu) : undefined,
    rps: result.requests.average,
    p95: Math.round(quantile(times, 0.95)),
    p99: Math.round(quantile(times, 0.99)),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function firstTotal(url: string, token: string): Promise<string> {
  const body = (await fetch(url, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as {
    total?: number;
    totalCapped?: boolean;
    msg: string;
    rows?: unknown[];
  };
  if (!body.rows) throw new Error(`bench: ${url} answered ${body.msg}`);
  return `${body.rows.length} rows of ${body.totalCapped ? "more than " : ""}${body.total}`;
}

async function measureLists(
  label: string,
  env: Record<string, string>,
  databasePids?: () => Promise<number[]>,
): Promise<void> {
  const server = await startServerProcess({
    ...env,
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD,
    CAPTCHA_ENABLED: "false",
    LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
  });
  try {
    const token = await signInOverHttp(server.baseUrl, "admin", ADMIN_PASSWORD);
    const answering: Answering = { server: server.child.pid!, database: databasePids };
    console.log(
      `\n${label}: the operators' lists, ${ROWS.toLocaleString("en")} rows each, ${LIST_CONNECTIONS} connections, ${SECONDS} s per case`,
    );
    console.log(
      `  ${"list".padEnd(14)} ${"case".padEnd(22)} ${"req/s".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU µs/req".padStart(11)} ${databasePids ? "   (DB)" : ""}  answer`,
    );
    const missed: string[] = [];
    const only = process.env.BENCH_LISTS?.split(",");
    for (const list of lists().filter((list) => !only || only.includes(list.name))) {
      for (const item of list.cases) {
        const url = `${server.baseUrl}${list.path}?${item.query}`;
        const answer = await firstTotal(url, token);
        await load(url, token, 1, answering); // warm up: the route's code optimised, the pages in the cache
        const result = await load(url, token, SECONDS, answering);
        const mark = result.p95 > 0 && result.p95 < TARGET_P95_MS ? "" : "  ✗";
        if (mark) missed.push(`${list.name} ${item.name}`);
        console.log(
          `  ${list.name.padEnd(14)} ${item.name.padEnd(22)} ${result.rps.toFixed(0).padStart(7)} ${String(result.p95).padStart(7)} ${String(result.p99).padStart(7)} ${String(result.serverMicros).padStart(11)} ${result.databaseMicros === undefined ? "" : `(${result.databaseMicros})`.padStart(7)}  ${answer}${result.errors ? `, ${result.errors} errors!` : ""}${mark}`,
        );
      }
    }
    console.log(
      missed.length
        ? `  target p95 < ${TARGET_P95_MS} ms missed by ${missed.length}: ${missed.join("; ")}`
        : `  every case within the target (p95 < ${TARGET_P95_MS} ms)`,
    );
  } catch (error) {
    console.log(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
  }
}

/** Starts the server once on an empty database (migrated, the administrator seeded), then stops it. */
async function prepare(env: Record<string, string>): Promise<void> {
  const server = await startServerProcess({ ...env, ADMIN_PASSWORD });
  await server.stop();
}

async function fill(run: (statement: string) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (const statement of fillStatements()) await run(statement);
  return (performance.now() - started) / 1000;
}

async function onPostgres(adminUrl: string): Promise<void> {
  const name = `rampart_bench_lists_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    TOKEN_SECRET: process.env.TOKEN_SECRET ?? "bench-token-secret-bench-token-secret-0123456789",
  };
  try {
    await prepare(env);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      console.log(
        `\nPostgreSQL: ${ROWS.toLocaleString("en")} rows each written in ${(await fill((s) => client.query(s))).toFixed(0)} s`,
      );
    } finally {
      await client.end();
    }
    const pool = new pg.Client({ connectionString: adminUrl });
    await pool.connect();
    try {
      const backends = async () =>
        (
          await pool.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
            [name],
          )
        ).rows.map((row) => row.pid);
      await measureLists("PostgreSQL", env, backends);
    } finally {
      await pool.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "rampart-bench-lists-"));
  try {
    await prepare({ DATA_DIR: dataDir });
    const db = await PGlite.create({ dataDir });
    try {
      console.log(
        `\nPGlite: ${ROWS.toLocaleString("en")} rows each written in ${(await fill((s) => db.query(s))).toFixed(0)} s`,
      );
    } finally {
      await db.close();
    }
    await measureLists("Embedded PGlite (in the server's process)", { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The list bench on PGlite, and on PostgreSQL when `databaseUrl` (a server's URL to make a database on) is given. */
export async function benchLists(databaseUrl: string | undefined): Promise<void> {
  const only = process.env.BENCH_LISTS_ONLY;
  if (only !== "postgres") await onPglite();
  if (only !== "pglite") {
    if (databaseUrl) await onPostgres(databaseUrl);
    else console.log("\nThe lists on PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to measure them)");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLists(process.env.BENCH_DATABASE_URL);
