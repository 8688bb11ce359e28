import { timingSafeEqual } from "node:crypto";
import { RECONCILIATION_KINDS } from "@rampart/contracts";
import { count, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/client.ts";
import { bizOrder, bizPayNotify, sysMail } from "../../db/schema.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import { lastReconciliation } from "../balance/reconciliation.ts";

/** Seconds: from a cached page's few milliseconds to a slow export's seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A gauge of rows by status, counted in the database at each scrape. */
function statusGauge(
  registry: Registry,
  name: string,
  help: string,
  countByStatus: () => Promise<{ status: string; n: number }[]>,
): void {
  new Gauge({
    name,
    help,
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await countByStatus()) this.set({ status: row.status }, Number(row.n));
    },
  });
}

/**
 * `GET /metrics` in Prometheus's text format, for an operator's Prometheus: off unless
 * METRICS_TOKEN is set, and then only with `Authorization: Bearer <token>`.
 *
 * Per process: request durations by route (the route's pattern, never the raw URL, so the number
 * of series stays bounded) and status; the PostgreSQL pool; Node's own figures (memory, event loop
 * delay, garbage collection). Read from the database at each scrape, the same on every process
 * (take max() across instances): job queues (queued, active, failed), orders by status, payment
 * notifications by channel and outcome, mails by status.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { database, jobs, token }: { database: Database; jobs: JobRunner; token: string }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "rampart_" });

    const durations = new Histogram({
      name: "rampart_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      durations.observe(
        {
          method: request.method,
          // Unmatched URLs (404s, rendered pages share one catch-all) are one series, not one each.
          route: request.routeOptions.url ?? "unmatched",
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: "rampart_db_pool_connections",
      help: "PostgreSQL pool connections of this process, by state (idle, in use, requests waiting for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "in_use" }, stats.total - stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });

    new Gauge({
      name: "rampart_job_queue_jobs",
      help: "Jobs of the job runner's queues, by queue and state (same on every process)",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
      async collect() {
        for (const queue of await jobs.health()) {
          this.set({ queue: queue.name, state: "queued" }, queue.queued);
          this.set({ queue: queue.name, state: "active" }, queue.active);
          this.set({ queue: queue.name, state: "failed" }, queue.failed);
        }
      },
    });

    statusGauge(registry, "rampart_orders", "Orders by status (same on every process)", () =>
      database.db.select({ status: bizOrder.status, n: count() }).from(bizOrder).groupBy(bizOrder.status),
    );

    new Gauge({
      name: "rampart_payment_notifications",
      help: "Payment notifications received, by channel and outcome (paid, duplicate, ignored, rejected; same on every process)",
      labelNames: ["channel", "outcome"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // "rejected:<reason>" counts as rejected: the reasons are in the console, not in series.
        const outcome = sql<string>`split_part(${bizPayNotify.outcome}, ':', 1)`;
        const rows = await database.db
          .select({ channel: bizPayNotify.channel, outcome, n: count() })
          .from(bizPayNotify)
          .groupBy(bizPayNotify.channel, outcome);
        for (const row of rows) this.set({ channel: row.channel, outcome: row.outcome }, Number(row.n));
      },
    });

    new Gauge({
      name: "rampart_balance_reconciliation_problems",
      help: "What the last daily reconciliation of the balances found wrong, by kind (0 when all adds up; same on every process)",
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const last = await lastReconciliation(database.db);
        if (!last) return;
        for (const kind of RECONCILIATION_KINDS)
          this.set({ kind }, last.problems.filter((problem) => problem.kind === kind).length);
      },
    });

    statusGauge(registry, "rampart_mails", "Mails by status (queued, sent, failed…; same on every process)", () =>
      database.db.select({ status: sysMail.status, n: count() }).from(sysMail).groupBy(sysMail.status),
    );

    app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!sameToken(given, token)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .type("text/plain")
          .send("unauthorized\n");
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics" },
);
