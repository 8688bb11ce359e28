import type { Db } from "../../db/client.ts";
import { ensureUsagePartitions } from "./usage-partitions.ts";
import { removePastRetention } from "./usage-retention.ts";
import { rollUpMarkedHours } from "./usage-rollup.ts";
import { usageRetention } from "./usage-settings.ts";

/**
 * The hourly upkeep of the platform's figures (once across processes, the usage-upkeep schedule):
 * this month's and next month's partitions made ahead of the batches, the hours changed since the
 * last run rolled up again once ended (and their days), then what is past retention removed, each month's
 * 95th percentile kept before its 5-minute buckets go.
 */
export async function runUsageUpkeep(db: Db, now: Date) {
  await ensureUsagePartitions(db, now, new Date(now.getTime() + 32 * 86_400_000));
  const rolledUp = await rollUpMarkedHours(db, now);
  const removed = await removePastRetention(db, await usageRetention(db), now);
  return { rolledUp, ...removed };
}
