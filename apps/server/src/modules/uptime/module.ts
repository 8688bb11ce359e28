import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { MONITOR_CHECK_POLICY, MONITOR_CHECK_QUEUE, queueDueChecks, runCheck } from "./monitor-check.ts";
import { recountRecentHours } from "./monitor-hours.ts";
import { removeOldChecks } from "./old-checks.ts";
import { uptimeRoutes } from "./routes.ts";

export const MONITOR_DUE_QUEUE = "monitor-due";
export const MONITOR_HOURS_QUEUE = "monitor-hours";
/** The earlier hourly job, which added checks older than 30 days to their hours (now counted as kept). */
const RETIRED_ROLLUP_QUEUE = "monitor-rollup";

/**
 * Website monitoring: every minute the due monitors get a check job each (run side by side on every
 * process, each once); every hour the last two hours' counts are made again from their checks, and
 * checks older than 30 days are removed (their hours keep their counts).
 */
export const uptimeModule = defineModule({
  name: "uptime",
  routes: async (server, { db, outbound, jobs, now }) => {
    await server.register(uptimeRoutes, { db, outbound, jobs, now });
  },
  jobs: [
    {
      queue: MONITOR_CHECK_QUEUE,
      policy: MONITOR_CHECK_POLICY,
      run: (data: { monitorId: number }, context) => runCheck(context, data.monitorId),
    },
    {
      queue: MONITOR_DUE_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, jobs, now }) => {
        await queueDueChecks(db, jobs, now());
      },
    },
    {
      queue: MONITOR_HOURS_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now: clock, log }) => {
        const now = clock();
        await recountRecentHours(db, now);
        const removed = await removeOldChecks(db, now);
        if (removed > 0) log.info({ removed }, "monitor checks older than 30 days removed");
      },
    },
  ],
  schedules: [
    { queue: MONITOR_DUE_QUEUE, cron: "* * * * *" },
    { queue: MONITOR_HOURS_QUEUE, cron: "41 * * * *" },
  ],
  retiredSchedules: [RETIRED_ROLLUP_QUEUE],
});
