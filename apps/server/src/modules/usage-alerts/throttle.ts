import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizService, bizUsageAlertState } from "../../db/schema.ts";
import type { AppContext } from "../../define-module.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { listener } from "../../events/event-bus.ts";
import { billingSites, packageBillings } from "../overage/billing-site.ts";
import { monthOf } from "../usage/usage-month.ts";

/** Asks the platform to throttle a package for the rest of the month (in the transaction of its 100 % alert). */
export async function throttle(tx: Tx, emitEvent: EmitEvent, serviceId: number, month: string): Promise<void> {
  await tx
    .insert(bizUsageAlertState)
    .values({ serviceId, throttledMonth: month })
    .onConflictDoUpdate({ target: bizUsageAlertState.serviceId, set: { throttledMonth: month } });
  await emitEvent(tx, { type: "service.throttle", serviceId, throttled: true, reason: "usage" });
}

/** Lifts a package's throttle (if it has one), telling the platform why; answers whether it had one. */
async function lift(tx: Tx, emitEvent: EmitEvent, serviceId: number, reason: "upgraded" | "new_month") {
  const lifted = await tx
    .update(bizUsageAlertState)
    .set({ throttledMonth: null })
    .where(and(eq(bizUsageAlertState.serviceId, serviceId), isNotNull(bizUsageAlertState.throttledMonth)))
    .returning({ serviceId: bizUsageAlertState.serviceId });
  if (lifted.length === 0) return false;
  await emitEvent(tx, { type: "service.throttle", serviceId, throttled: false, reason });
  return true;
}

/** An upgrade lifts the throttle at once, in the upgrade's transaction. */
export const liftOnUpgrade = listener<"service.upgraded", AppContext>({
  name: "usage-throttle-lift",
  events: ["service.upgraded"],
  within: async (tx, event, { emitEvent }) => {
    await lift(tx, emitEvent, event.serviceId, "upgraded");
  },
});

/** Throttles of a month that has ended (in each package's site's time zone) are lifted; answers how many. */
export async function liftPastMonths(deps: { db: Db; emitEvent: EmitEvent }, now: Date): Promise<number> {
  const throttled = await deps.db
    .select({
      serviceId: bizUsageAlertState.serviceId,
      month: bizUsageAlertState.throttledMonth,
      orderNo: bizService.orderNo,
      siteId: bizService.siteId,
    })
    .from(bizUsageAlertState)
    .innerJoin(bizService, eq(bizService.serviceId, bizUsageAlertState.serviceId))
    .where(isNotNull(bizUsageAlertState.throttledMonth));
  if (throttled.length === 0) return 0;
  const billings = await packageBillings(deps.db, await billingSites(deps.db), throttled);
  let lifted = 0;
  for (const row of throttled) {
    const timeZone = billings.get(row.serviceId)?.site.timeZone ?? "UTC";
    if (row.month === (await monthOf(deps.db, now, timeZone))) continue;
    await deps.db.transaction(async (tx) => {
      await tx.execute(sqlLock(row.serviceId));
      if (await lift(tx, deps.emitEvent, row.serviceId, "new_month")) lifted++;
    });
  }
  return lifted;
}

const sqlLock = (serviceId: number) =>
  // The service's row, as its other events take it (their numbering waits on it too).
  sql`select 1 from ${bizService} where ${bizService.serviceId} = ${serviceId} for update`;
