import os from "node:os";
import type { ServerStatusView } from "@rampart/contracts";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sysFile, sysUser } from "../../db/schema.ts";
import { SERVER_VERSION } from "../../version.ts";
import { lastReconciliation } from "../balance/reconciliation.ts";
import { uploadQuotaMb } from "../files/storage-quota.ts";

/** This process's CPU time between two readings, as a share of one core. */
export class ProcessCpuMeter {
  #usage = process.cpuUsage();
  #at = process.hrtime.bigint();

  percent(): number {
    const usage = process.cpuUsage();
    const at = process.hrtime.bigint();
    const busyMicros = usage.user - this.#usage.user + (usage.system - this.#usage.system);
    const elapsedMicros = Number(at - this.#at) / 1000;
    this.#usage = usage;
    this.#at = at;
    return elapsedMicros > 0 ? Math.round((busyMicros / elapsedMicros) * 1000) / 10 : 0;
  }
}

async function databaseHealth(database: Database): Promise<ServerStatusView["database"]> {
  const kind = database.kind === "pglite" ? "embedded" : "postgresql";
  const started = performance.now();
  try {
    // Both drivers answer execute() with { rows }; the shared Db type cannot say so.
    const result = (await database.db.execute(sql`select pg_database_size(current_database()) as size`)) as {
      rows: { size: string | number }[];
    };
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    const size = Number(result.rows[0]?.size);
    return { kind, healthy: true, latencyMs, sizeBytes: Number.isFinite(size) ? size : null };
  } catch {
    return { kind, healthy: false, latencyMs: Math.round(performance.now() - started), sizeBytes: null };
  }
}

/** What is stored as uploads, and the five accounts that store the most. */
async function uploadFigures(database: Database): Promise<ServerStatusView["uploads"]> {
  const { db } = database;
  const [totals] = await db
    .select({ files: count(), bytes: sql<number>`coalesce(sum(${sysFile.size}), 0)::bigint`.mapWith(Number) })
    .from(sysFile);
  const bytesOf = sql<number>`sum(${sysFile.size})::bigint`.mapWith(Number);
  const topUsers = await db
    .select({ userName: sysUser.userName, files: count(), bytes: bytesOf })
    .from(sysFile)
    .innerJoin(sysUser, eq(sysUser.userId, sysFile.ownerId))
    .groupBy(sysUser.userName)
    .orderBy(desc(bytesOf))
    .limit(5);
  return { files: totals?.files ?? 0, bytes: totals?.bytes ?? 0, quotaMb: await uploadQuotaMb(db), topUsers };
}

/** What the server-status page shows: version, uptime, CPU, memory, the database and sessions. */
export async function readServerStatus(
  database: Database,
  cpu: ProcessCpuMeter,
  sessions: number,
  jobs: () => Promise<ServerStatusView["jobs"]>,
  /** The caller's site when bound to one: the reconciliation's problems of its customers only. */
  siteScope: number | null = null,
): Promise<ServerStatusView> {
  const memory = process.memoryUsage();
  const cpus = os.cpus();
  const uptimeSeconds = Math.round(process.uptime());
  return {
    version: SERVER_VERSION,
    node: process.version,
    platform: `${os.type()} ${os.release()} (${os.arch()})`,
    hostName: os.hostname(),
    startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    uptimeSeconds,
    cpu: {
      model: cpus[0]?.model.trim() ?? "",
      cores: os.availableParallelism(),
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      processPercent: cpu.percent(),
    },
    memory: {
      systemTotal: os.totalmem(),
      systemFree: os.freemem(),
      processRss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
    },
    database: await databaseHealth(database),
    sessions,
    uploads: await uploadFigures(database),
    balanceReconciliation: await lastReconciliation(database.db, siteScope),
    jobs: await jobs(),
  };
}
