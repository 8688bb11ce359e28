// The platform's figures received (issue 40): signed batches of 1,000 bucket rows (200 packages,
// each its whole service and four domains, one 5-minute bucket) posted to a running server's
// POST /prod-api/platform/usage by CONCURRENCY senders at once; bucket rows kept per second against
// the targets (≥ 50,000/s on PostgreSQL, ≥ 10,000/s on PGlite), then the hourly roll-up of what was
// sent, and the tables' sizes on disk. On PostgreSQL in a database of its own, made and dropped
// here; on PGlite in a DATA_DIR of its own.
// Alone: `node scripts/bench-usage.ts` (after `npm run build`), BENCH_DATABASE_URL for PostgreSQL,
// BENCH_USAGE_ONLY=pglite or =postgres, BENCH_USAGE_BATCHES (300); from `npm run bench`, at the end.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { UsageBucketEntry } from "@rampart/contracts";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { sendUsageBatch } from "../apps/server/src/cli/platform-sender.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { bizService, sysUser, sysWebhook } from "../apps/server/src/db/schema.ts";
import { sqlRows } from "../apps/server/src/db/sql-rows.ts";
import { rollUpMarkedHours } from "../apps/server/src/modules/usage/usage-rollup.ts";
import { newSigningSecret } from "../apps/server/src/modules/webhooks/webhook-admin.ts";
import { SecretSeal, sealingKey } from "../apps/server/src/secrets/sealed-secret.ts";
import { startServerProcess } from "../apps/server/src/testing/server-process.ts";
import { cpuSecondsOfStat } from "./bench-throughput.ts";

const PACKAGES = 200;
const DOMAINS = 4;
const BATCHES = Number(process.env.BENCH_USAGE_BATCHES ?? 300);
const CONCURRENCY = 4;
const TOKEN_SECRET = process.env.TOKEN_SECRET ?? "bench-token-secret-bench-token-secret-0123456789";
const TARGETS = { postgres: 50_000, pglite: 10_000 } as const;

interface Prepared {
  serviceIds: number[];
  endpoint: { webhookId: number; secret: string };
}

/** The packages and the platform's endpoint, written straight into the database before the server starts. */
async function prepare(database: Database): Promise<Prepared> {
  const db = database.db;
  const [admin] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, "admin"));
  const now = new Date();
  const services = await db
    .insert(bizService)
    .values(
      Array.from({ length: PACKAGES }, (_, i) => ({
        orderNo: `BENCH-USAGE-${i}`,
        userId: admin!.userId,
        product: "cdn",
        configuration: { product: "cdn", edition: "standard", quantities: { bandwidth: 500 } } as never,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ serviceId: bizService.serviceId });
  const secret = newSigningSecret();
  const [endpoint] = await db
    .insert(sysWebhook)
    .values({
      url: "https://platform.example/rampart",
      // Enabled: a disabled endpoint cannot call in (nothing is emitted here for it to hear).
      events: ["service.created"],
      secret: new SecretSeal(sealingKey(TOKEN_SECRET, "webhook-secret")).seal(secret),
      createdBy: "bench",
    })
    .returning({ webhookId: sysWebhook.webhookId });
  return { serviceIds: services.map((s) => s.serviceId), endpoint: { webhookId: endpoint!.webhookId, secret } };
}

/** One bucket's 1,000 rows: each package's whole service and its domains. */
function batchAt(serviceIds: number[], at: number): UsageBucketEntry[] {
  return serviceIds.flatMap((serviceId) =>
    ["", ...Array.from({ length: DOMAINS }, (_, d) => `www${d}.bench${serviceId}.example`)].map((domain, d) => {
      const scale = domain ? 1 / (d + 1) : 2;
      const bytesOut = Math.round((1e9 + ((serviceId * 7919 + at) % 1e9)) * scale);
      const requests = Math.round(bytesOut / 48_000);
      return {
        serviceId,
        ...(domain ? { domain } : {}),
        at,
        bytesOut,
        bytesOrigin: Math.round(bytesOut * 0.15),
        requests,
        cachedRequests: Math.round(requests * 0.8),
        cachedBytes: Math.round(bytesOut * 0.85),
        status2xx: Math.round(requests * 0.93),
        status3xx: Math.round(requests * 0.03),
        status4xx: Math.round(requests * 0.035),
        status5xx: Math.round(requests * 0.005),
        peakBps: Math.round(((bytesOut * 8) / 300) * 1.4),
        wafBlocked: 0,
        ddosBytes: 0,
        ddosPackets: 0,
      };
    }),
  );
}

/** CPU seconds of processes (user and system); those gone count nothing. */
function cpuOf(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {}
  }
  return sum;
}

/** BATCHES batches, one 5-minute bucket each going back from now, CONCURRENCY at a time; rows per second. */
async function send(
  baseUrl: string,
  prepared: Prepared,
  pids: () => Promise<number[]>,
): Promise<{ rows: number; seconds: number; cpu: number[] }> {
  const now = Math.floor(Date.now() / 1000);
  const latest = now - (now % 300);
  const times = Array.from({ length: BATCHES }, (_, i) => latest - i * 300);
  // Warm up: the route's code optimised, the months' partitions made.
  for (const at of times.slice(-3))
    await sendUsageBatch(baseUrl, prepared.endpoint, { buckets: batchAt(prepared.serviceIds, at) });
  let next = 0;
  let rows = 0;
  const processes = [process.pid, ...(await pids())];
  const before = processes.map((pid) => cpuOf([pid]));
  const started = performance.now();
  const sender = async () => {
    while (next < times.length) {
      const at = times[next++]!;
      const taken = await sendUsageBatch(baseUrl, prepared.endpoint, { buckets: batchAt(prepared.serviceIds, at) });
      rows += taken.buckets;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  const seconds = (performance.now() - started) / 1000;
  const cpu = processes.map((pid, i) => cpuOf([pid]) - before[i]!);
  return { rows, seconds, cpu: [cpu[0]!, cpu[1]!, cpu.slice(2).reduce((a, b) => a + b, 0)] };
}

const MB = 1024 * 1024;

/** The usage tables' sizes on disk (the 5-minute one's partitions together), with their rows. */
async function sizes(database: Database): Promise<string[]> {
  const rows = await sqlRows<{ name: string; bytes: string; n: string }>(
    database.db,
    sql`
    select 'biz_usage_5m (' || count(*) || ' partitions)' as name,
           coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) as bytes,
           (select count(*) from biz_usage_5m) as n
      from pg_inherits i where i.inhparent = 'biz_usage_5m'::regclass
    union all
    select 'biz_usage_hourly', pg_total_relation_size('biz_usage_hourly'), (select count(*) from biz_usage_hourly)
    union all
    select 'biz_usage_daily', pg_total_relation_size('biz_usage_daily'), (select count(*) from biz_usage_daily)`,
  );
  return rows.map(
    ({ name, bytes, n }) =>
      `    ${name.padEnd(30)} ${(Number(bytes) / MB).toFixed(1).padStart(8)} MB  ${Number(n).toLocaleString("en").padStart(10)} rows  ${Number(n) ? Math.round(Number(bytes) / Number(n)) : 0} B/row`,
  );
}

async function measure(
  label: string,
  kind: keyof typeof TARGETS,
  env: Record<string, string>,
  options: { dataDir?: string; databaseUrl?: string },
  backends: () => Promise<number[]> = async () => [],
) {
  // First start: migrated and seeded; then the packages and the endpoint written while it is stopped.
  await (await startServerProcess({ ...env, ADMIN_PASSWORD: "bench-usage-admin-password" })).stop();
  let database = await openDatabase(options);
  const prepared = await prepare(database);
  await database.close();
  const server = await startServerProcess({ ...env, LOG_LEVEL: "warn" });
  let result: Awaited<ReturnType<typeof send>>;
  try {
    result = await send(server.baseUrl, prepared, async () => [server.child.pid!, ...(await backends())]);
  } catch (error) {
    console.log(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
  }
  const rate = result.rows / result.seconds;
  console.log(
    `\n${label}: ${BATCHES} signed batches of 1,000 bucket rows, ${CONCURRENCY} at a time: ${result.rows.toLocaleString("en")} rows in ${result.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString("en")} rows/s (target ≥ ${TARGETS[kind].toLocaleString("en")}/s)${rate >= TARGETS[kind] ? "" : "  ✗"}`,
  );
  const perBatch = result.cpu.map((seconds) => (seconds / (result.rows / 1000)) * 1000);
  const [sender, serving, db] = perBatch.map((ms) => ms.toFixed(1));
  // What the machine's cores could take if nothing else ran: the server's and the database's CPU per batch.
  // PGlite answers on the server's one thread; PostgreSQL's backends run beside it.
  const cores = kind === "pglite" ? 1 : availableParallelism();
  const capacity = Math.round(((cores * 1000) / (perBatch[1]! + perBatch[2]!)) * 1000);
  console.log(
    `  CPU per batch: server ${serving} ms${kind === "postgres" ? `, PostgreSQL ${db} ms` : " (the database in it)"}, the bench's senders ${sender} ms; machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores: on ${cores === 1 ? "one free core" : `${cores} free cores`}, about ${capacity.toLocaleString("en")} rows/s`,
  );
  database = await openDatabase(options);
  try {
    const started = performance.now();
    // Every hour sent, the last one too, as if the hour had ended.
    const rolled = await rollUpMarkedHours(database.db, new Date(Date.now() + 3_600_000));
    console.log(
      `  hourly roll-up of what was sent: ${rolled.hours.toLocaleString("en")} hour rows and ${rolled.days.toLocaleString("en")} day rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log("  on disk:");
    for (const line of await sizes(database)) console.log(line);
  } finally {
    await database.close();
  }
}

async function onPostgres(adminUrl: string): Promise<void> {
  const name = `rampart_bench_usage_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const backends = async () =>
    (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [name])).rows.map(
      (row) => row.pid,
    );
  try {
    await measure(
      "PostgreSQL",
      "postgres",
      { DATABASE_URL: url.toString(), TOKEN_SECRET },
      { databaseUrl: url.toString() },
      backends,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "rampart-bench-usage-"));
  try {
    await measure("Embedded PGlite", "pglite", { DATA_DIR: dataDir, TOKEN_SECRET }, { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The ingest bench on PGlite, and on PostgreSQL when `databaseUrl` (a server's URL to make a database on) is given. */
export async function benchUsage(databaseUrl: string | undefined): Promise<void> {
  const only = process.env.BENCH_USAGE_ONLY;
  if (only !== "postgres") await onPglite();
  if (only !== "pglite") {
    if (databaseUrl) await onPostgres(databaseUrl);
    else console.log("\nUsage ingest on PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to measure it)");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUsage(process.env.BENCH_DATABASE_URL);
