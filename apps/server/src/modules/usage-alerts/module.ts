import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { runUsageAlerts } from "./alert-run.ts";
import { liftOnUpgrade } from "./throttle.ts";

export const USAGE_ALERTS_QUEUE = "usage-alerts";
/**
 * A package's usage and attacks, told (issue 40): every five minutes, once across processes, from
 * what the platform has sent (the stored buckets and attack events, whoever wrote them): throttles
 * of a month past lifted, thresholds crossed this month (80 %, 100 %) announced and mailed once,
 * attacks' starts and ends announced, and mailed at most once an hour per package.
 */
export const usageAlertsModule = defineModule({
  name: "usage-alerts",
  jobs: [
    {
      queue: USAGE_ALERTS_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const now = context.now();
        await runUsageAlerts(context, now);
      },
    },
  ],
  schedules: [{ queue: USAGE_ALERTS_QUEUE, cron: "*/5 * * * *" }],
  on: [liftOnUpgrade],
});
