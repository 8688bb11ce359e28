import { MONITOR_FAILURES_TO_ALERT } from "@rampart/contracts";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizMonitor, bizMonitorIncident, bizMonitorResult } from "../../db/schema.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import type { OutboundAnswer, OutboundClient } from "../../outbound/outbound-client.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { countInHour } from "./monitor-hours.ts";
import { mailMonitorDown, mailMonitorUp } from "./monitor-mails.ts";

export const MONITOR_CHECK_QUEUE = "monitor-check";

/** A check is not retried: the next one is a minute or more away and says the same. */
export const MONITOR_CHECK_POLICY: QueuePolicy = {
  retryLimit: 0,
  retryDelaySeconds: 30,
  backoff: false,
  expireInSeconds: 60,
};

const TIMEOUT_MS = 10_000;
/** A keyword is looked for in the first megabyte of the answer. */
const KEYWORD_BYTES = 1024 * 1024;

export interface CheckDeps {
  db: Db;
  outbound: OutboundClient;
  mail: MailOutbox;
  now: () => Date;
  log: FastifyBaseLogger;
}

type MonitorRow = typeof bizMonitor.$inferSelect;

/**
 * What a check found wrong, as a reason code the console and the mails put in words: `status:503`,
 * `keyword`, or why no answer came (`timeout`, `connection_refused`, …). Null when all is well.
 */
export function failureOf(monitor: Pick<MonitorRow, "expectedStatus" | "keyword">, answer: OutboundAnswer) {
  if (answer.failure) return answer.failure;
  if (answer.status !== monitor.expectedStatus) return `status:${answer.status}`;
  if (monitor.keyword && !answer.body.includes(monitor.keyword)) return "keyword";
  return null;
}

/**
 * Checks one monitor and records what it found, in one transaction with the monitor's row locked
 * (one check's outcome at a time): the result; the state (down after MONITOR_FAILURES_TO_ALERT
 * failures in a row, up at the first success); an incident opened or closed, and its mail to the
 * customer, written once (keyed by the incident).
 */
export async function runCheck(deps: CheckDeps, monitorId: number): Promise<void> {
  const [monitor] = await deps.db
    .select()
    .from(bizMonitor)
    .where(and(eq(bizMonitor.monitorId, monitorId), eq(bizMonitor.enabled, true)));
  if (!monitor) return;
  const at = deps.now();
  const answer = await deps.outbound.request(monitor.url, {
    method: monitor.method === "HEAD" ? "HEAD" : "GET",
    timeoutMs: TIMEOUT_MS,
    maxBytes: monitor.keyword ? KEYWORD_BYTES : 64 * 1024,
  });
  const failure = failureOf(monitor, answer);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bizMonitor).where(eq(bizMonitor.monitorId, monitorId)).for("update");
    // Removed, paused or given a new address while it was being checked: this result is not its.
    if (!current?.enabled || current.url !== monitor.url) return;
    const check = { monitorId, checkedAt: at, ok: failure === null, responseMs: answer.durationMs };
    await tx.insert(bizMonitorResult).values({ ...check, statusCode: answer.status, error: failure });
    await countInHour(tx, check);
    const seen = {
      lastCheckedAt: at,
      lastStatus: answer.status,
      lastMs: answer.durationMs,
      lastError: failure,
      ...(answer.certificateExpiresAt ? { certificateExpiresAt: answer.certificateExpiresAt } : {}),
    };
    if (failure === null) {
      if (current.state === "down") {
        const [closed] = await tx
          .update(bizMonitorIncident)
          .set({ endedAt: at })
          .where(and(eq(bizMonitorIncident.monitorId, monitorId), isNull(bizMonitorIncident.endedAt)))
          .returning();
        if (closed) await mailMonitorUp(deps, tx, current, closed, at);
      }
      await tx
        .update(bizMonitor)
        .set({ ...seen, state: "up", failures: 0, failingSince: null })
        .where(eq(bizMonitor.monitorId, monitorId));
      return;
    }
    const failures = current.failures + 1;
    const failingSince = current.failingSince ?? at;
    const goesDown = failures >= MONITOR_FAILURES_TO_ALERT && current.state !== "down";
    await tx
      .update(bizMonitor)
      .set({ ...seen, failures, failingSince, ...(goesDown ? { state: "down" } : {}) })
      .where(eq(bizMonitor.monitorId, monitorId));
    if (goesDown) {
      const [incident] = await tx
        .insert(bizMonitorIncident)
        .values({ monitorId, startedAt: failingSince, cause: failure })
        .returning();
      await mailMonitorDown(deps, tx, current, incident!, failure);
    }
  });
}

/**
 * Every minute (once across processes): the monitors whose time has come are given their next time
 * and a check job each, so that the checks run side by side on every process's workers.
 */
export async function queueDueChecks(db: Db, jobs: JobRunner, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(bizMonitor)
      .set({
        nextCheckAt: sql`${bizMonitor.nextCheckAt} + make_interval(secs => ${bizMonitor.intervalSeconds})
          + make_interval(secs => ${bizMonitor.intervalSeconds}) * floor(extract(epoch from (${now.toISOString()}::timestamptz - ${bizMonitor.nextCheckAt})) / ${bizMonitor.intervalSeconds})`,
      })
      .where(and(eq(bizMonitor.enabled, true), lte(bizMonitor.nextCheckAt, now)))
      .returning({ monitorId: bizMonitor.monitorId });
    for (const { monitorId } of due) {
      await jobs.sendIn(
        tx,
        MONITOR_CHECK_QUEUE,
        { monitorId },
        { singletonKey: `monitor-${monitorId}`, singletonSeconds: 30 },
      );
    }
    return due.length;
  });
}
