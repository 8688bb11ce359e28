import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizMonitorHourly, bizMonitorResult } from "../../db/schema.ts";

const DAY = 86_400_000;
/** Each check is kept this long; its hour's count (monitor-hours.ts) stays. */
export const RESULT_DAYS = 30;
/** Hourly counts are kept this long. */
export const HOURLY_DAYS = 400;

/**
 * Every hour (once across processes): checks older than 30 days are removed (each was counted in
 * its hour when it was kept), and hourly counts older than 400 days. Answers how many checks went.
 */
export async function removeOldChecks(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(bizMonitorResult)
    .where(lt(bizMonitorResult.checkedAt, new Date(now.getTime() - RESULT_DAYS * DAY)))
    .returning({ id: bizMonitorResult.resultId });
  await db.delete(bizMonitorHourly).where(lt(bizMonitorHourly.hour, new Date(now.getTime() - HOURLY_DAYS * DAY)));
  return removed.length;
}
