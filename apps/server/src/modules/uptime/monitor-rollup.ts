import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizMonitorHourly, bizMonitorResult } from "../../db/schema.ts";

const DAY = 86_400_000;
/** Each check is kept this long; older ones become one row per monitor and hour. */
export const RESULT_DAYS = 30;
/** Hourly rows are kept this long. */
export const HOURLY_DAYS = 400;

/**
 * Every hour (once across processes): checks older than 30 days are rolled up per monitor and hour
 * (added to a row already there) and removed, in one transaction; hourly rows older than 400 days go.
 * Answers how many checks were rolled up.
 */
export async function rollUpResults(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RESULT_DAYS * DAY).toISOString();
  const rolled = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${bizMonitorHourly} (monitor_id, hour, checks, failures, total_ms, max_ms)
      select monitor_id, date_trunc('hour', checked_at), count(*), count(*) filter (where not ok),
             coalesce(sum(response_ms) filter (where ok), 0), coalesce(max(response_ms) filter (where ok), 0)
      from ${bizMonitorResult}
      where checked_at < ${cutoff}::timestamptz
      group by 1, 2
      on conflict (monitor_id, hour) do update set
        checks = ${bizMonitorHourly.checks} + excluded.checks,
        failures = ${bizMonitorHourly.failures} + excluded.failures,
        total_ms = ${bizMonitorHourly.totalMs} + excluded.total_ms,
        max_ms = greatest(${bizMonitorHourly.maxMs}, excluded.max_ms)`);
    const removed = await tx
      .delete(bizMonitorResult)
      .where(lt(bizMonitorResult.checkedAt, new Date(cutoff)))
      .returning({ id: bizMonitorResult.resultId });
    return removed.length;
  });
  await db.delete(bizMonitorHourly).where(lt(bizMonitorHourly.hour, new Date(now.getTime() - HOURLY_DAYS * DAY)));
  return rolled;
}
