import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import {
  type CheckDeps,
  MONITOR_CHECK_POLICY,
  MONITOR_CHECK_QUEUE,
  queueDueChecks,
  runCheck,
} from "./monitor-check.ts";
import { recountRecentHours } from "./monitor-hours.ts";
import { removeOldChecks } from "./old-checks.ts";

export const MONITOR_DUE_QUEUE = "monitor-due";
export const MONITOR_HOURS_QUEUE = "monitor-hours";
/** The earlier hourly job, which added checks older than 30 days to their hours (now counted as kept). */
const RETIRED_ROLLUP_QUEUE = "monitor-rollup";

/** A sweep that fails is not retried: the next occurrence does the same work. */
const SWEEP_POLICY: QueuePolicy = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 600 };

/**
 * Website monitoring's jobs: every minute the due monitors get a check job each (run side by side
 * on every process, each once); every hour the last two hours' counts are made again from their
 * checks, and checks older than 30 days are removed (their hours keep their counts).
 */
export function defineUptimeJobs(jobs: JobRunner, deps: CheckDeps): void {
  jobs.define<{ monitorId: number }>(MONITOR_CHECK_QUEUE, MONITOR_CHECK_POLICY, (data) =>
    runCheck(deps, data.monitorId),
  );
  jobs.define(MONITOR_DUE_QUEUE, SWEEP_POLICY, async () => {
    await queueDueChecks(deps.db, jobs, deps.now());
  });
  jobs.schedule(MONITOR_DUE_QUEUE, "* * * * *");
  jobs.define(MONITOR_HOURS_QUEUE, SWEEP_POLICY, async () => {
    const now = deps.now();
    await recountRecentHours(deps.db, now);
    const removed = await removeOldChecks(deps.db, now);
    if (removed > 0) deps.log.info({ removed }, "monitor checks older than 30 days removed");
  });
  jobs.schedule(MONITOR_HOURS_QUEUE, "41 * * * *");
  jobs.retireSchedule(RETIRED_ROLLUP_QUEUE);
}
