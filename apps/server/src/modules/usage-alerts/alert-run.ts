import { announceAttacks, mailAttacks } from "./attack-alerts.ts";
import { checkRecentThresholds, type ThresholdDeps } from "./threshold-alerts.ts";
import { liftPastMonths } from "./throttle.ts";

/** Figures received this far back are looked at again on each run (three runs overlap: a late run misses nothing). */
const LOOK_BACK_MS = 15 * 60_000;

/** One run of the alerts (what the schedule does; tests call it with their clock). */
export async function runUsageAlerts(
  deps: ThresholdDeps,
  now: Date,
): Promise<{ lifted: number; crossed: number; announced: number; mailed: number }> {
  const lifted = await liftPastMonths(deps, now);
  const crossed = await checkRecentThresholds(deps, new Date(now.getTime() - LOOK_BACK_MS), now);
  const announced = await announceAttacks(deps, now);
  const mailed = await mailAttacks(deps, now);
  return { lifted, crossed, announced, mailed };
}
