import type { MonitorBody, MonitorState, MonitorView } from "@rampart/contracts";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizMonitor, bizMonitorIncident } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import { MONITOR_CHECK_QUEUE } from "./monitor-check.ts";
import { uptimeSince } from "./monitor-hours.ts";
import { assertOutboundUrl, monitorFields, monitorLimit } from "./monitor-rules.ts";

type MonitorRow = typeof bizMonitor.$inferSelect;

export interface MonitorDeps {
  db: Db;
  outbound: OutboundClient;
  jobs: JobRunner;
  now: () => Date;
}

const DAY = 86_400_000;
/** "Check now" waits this long after the last check (a customer's button is not a load generator). */
const CHECK_NOW_GAP_MS = 10_000;

export function monitorState(row: MonitorRow): MonitorState {
  return row.enabled ? (row.state as MonitorState) : "paused";
}

function view(row: MonitorRow, day: number | undefined, month: number | undefined): MonitorView {
  return {
    monitorId: row.monitorId,
    name: row.name,
    url: row.url,
    method: row.method as MonitorView["method"],
    expectedStatus: row.expectedStatus,
    keyword: row.keyword,
    intervalSeconds: row.intervalSeconds as MonitorView["intervalSeconds"],
    enabled: row.enabled,
    state: monitorState(row),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastMs: row.lastMs,
    lastError: row.lastError,
    downSince: row.state === "down" ? (row.failingSince?.toISOString() ?? null) : null,
    uptimeDay: day ?? null,
    uptimeMonth: month ?? null,
    certificateExpiresAt: row.certificateExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer's monitors, the newest first, with their uptime over a day and a month. */
export async function listMonitors(db: Db, userId: number, now: Date): Promise<MonitorView[]> {
  const rows = await db
    .select()
    .from(bizMonitor)
    .where(eq(bizMonitor.userId, userId))
    .orderBy(sql`${bizMonitor.monitorId} desc`);
  const ids = rows.map((row) => row.monitorId);
  const [day, month] = await Promise.all([
    uptimeSince(db, ids, new Date(now.getTime() - DAY)),
    uptimeSince(db, ids, new Date(now.getTime() - 30 * DAY)),
  ]);
  return rows.map((row) => view(row, day.get(row.monitorId), month.get(row.monitorId)));
}

/** One of the customer's monitors (404 when it is not theirs). */
export async function monitorOf(db: Db, userId: number, monitorId: number, now: Date): Promise<MonitorView> {
  const [row] = await db
    .select()
    .from(bizMonitor)
    .where(and(eq(bizMonitor.monitorId, monitorId), eq(bizMonitor.userId, userId)));
  if (!row) throw new AppError(404, "monitor_not_found");
  const [day, month] = await Promise.all([
    uptimeSince(db, [monitorId], new Date(now.getTime() - DAY)),
    uptimeSince(db, [monitorId], new Date(now.getTime() - 30 * DAY)),
  ]);
  return view(row, day.get(monitorId), month.get(monitorId));
}

/**
 * A new monitor: its address must be on the internet, and the customer under their limit (counted
 * under a lock on their row of monitors, so that two at once cannot pass it). It is checked at once.
 */
export async function createMonitor(
  deps: MonitorDeps,
  owner: { userId: number; siteId: number | null },
  body: MonitorBody,
): Promise<number> {
  const fields = monitorFields(body);
  await assertOutboundUrl(deps.outbound, fields.url);
  const limit = await monitorLimit(deps.db);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // One customer's monitors are added one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('monitor-limit'), ${owner.userId})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(bizMonitor)
      .where(eq(bizMonitor.userId, owner.userId));
    if (n >= limit) throw new AppError(409, "monitor_limit", { value: n });
    const [row] = await tx
      .insert(bizMonitor)
      .values({
        ...fields,
        userId: owner.userId,
        siteId: owner.siteId,
        // The first check is queued now; the schedule takes over after it.
        nextCheckAt: new Date(now.getTime() + fields.intervalSeconds * 1000),
        createdAt: now,
      })
      .returning({ monitorId: bizMonitor.monitorId });
    if (fields.enabled) await deps.jobs.sendIn(tx, MONITOR_CHECK_QUEUE, { monitorId: row!.monitorId });
    return row!.monitorId;
  });
}

/**
 * A monitor changed: a new address is checked as a new one is; a monitor paused stops being
 * checked, one switched on again is checked at once (and starts afresh: pending).
 */
export async function updateMonitor(
  deps: MonitorDeps,
  userId: number,
  monitorId: number,
  body: MonitorBody,
): Promise<void> {
  const fields = monitorFields(body);
  const [before] = await deps.db
    .select()
    .from(bizMonitor)
    .where(and(eq(bizMonitor.monitorId, monitorId), eq(bizMonitor.userId, userId)));
  if (!before) throw new AppError(404, "monitor_not_found");
  if (fields.url !== before.url) await assertOutboundUrl(deps.outbound, fields.url);
  const restart = fields.enabled && (!before.enabled || fields.url !== before.url);
  const paused = !fields.enabled && before.enabled;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // An outage a pause or a new address interrupts is over: its incident ends here (no mail).
    if (restart || paused) {
      await tx
        .update(bizMonitorIncident)
        .set({ endedAt: now })
        .where(and(eq(bizMonitorIncident.monitorId, monitorId), isNull(bizMonitorIncident.endedAt)));
    }
    await tx
      .update(bizMonitor)
      .set({
        ...fields,
        ...(paused ? { state: "pending", failures: 0, failingSince: null } : {}),
        ...(restart
          ? {
              state: "pending",
              failures: 0,
              failingSince: null,
              nextCheckAt: new Date(now.getTime() + fields.intervalSeconds * 1000),
            }
          : {}),
      })
      .where(eq(bizMonitor.monitorId, monitorId));
    if (restart) await deps.jobs.sendIn(tx, MONITOR_CHECK_QUEUE, { monitorId });
  });
}

/** A monitor and its history go. */
export async function removeMonitor(db: Db, userId: number, monitorId: number): Promise<void> {
  const removed = await db
    .delete(bizMonitor)
    .where(and(eq(bizMonitor.monitorId, monitorId), eq(bizMonitor.userId, userId)))
    .returning({ monitorId: bizMonitor.monitorId });
  if (removed.length === 0) throw new AppError(404, "monitor_not_found");
}

/**
 * "Check now": the monitor is checked within seconds, outside its schedule; once every ten seconds
 * at most (claimed on the monitor's row, so that a burst of clicks or scripts queues one check).
 */
export async function checkNow(deps: MonitorDeps, userId: number, monitorId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabled: bizMonitor.enabled })
      .from(bizMonitor)
      .where(and(eq(bizMonitor.monitorId, monitorId), eq(bizMonitor.userId, userId)));
    if (!row) throw new AppError(404, "monitor_not_found");
    if (!row.enabled) throw new AppError(409, "monitor_paused");
    const claimed = await tx
      .update(bizMonitor)
      .set({ checkRequestedAt: now })
      .where(
        and(
          eq(bizMonitor.monitorId, monitorId),
          or(
            isNull(bizMonitor.checkRequestedAt),
            lt(bizMonitor.checkRequestedAt, new Date(now.getTime() - CHECK_NOW_GAP_MS)),
          ),
        ),
      )
      .returning({ monitorId: bizMonitor.monitorId });
    if (claimed.length === 0) throw new AppError(429, "monitor_checked_recently");
    await deps.jobs.sendIn(tx, MONITOR_CHECK_QUEUE, { monitorId });
  });
}
