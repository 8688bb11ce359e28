import { formatMoney } from "@rampart/pricing";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, bizServiceEvent } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { lifecycleSettings } from "../lifecycle/lifecycle-settings.ts";
import { serviceRecipient } from "../lifecycle/service-effects.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { moveService } from "../services/service-moves.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { OVERAGE_REMINDER_DAYS } from "./overage-reminders.ts";

const DAY_MS = 86_400_000;
/** Services one run suspends; the next run takes the rest. */
const BATCH = 200;
/** Who the service's history names for it. */
const ACTOR = "job:overage-billing";

export interface OverageSuspensionDeps {
  db: Db;
  mail: MailOutbox;
  emitEvent: EmitEvent;
}

/**
 * An overage order is paid like any order: recalled after OVERAGE_REMINDER_DAYS, then, left unpaid
 * the grace period more (`sys.lifecycle.graceDays`), its package is suspended and the customer
 * mailed (`service_suspended_overage`); from there today's lifecycle goes on (terminated after
 * `sys.lifecycle.terminateDays` suspended). Paying every overage order of the package brings it
 * back at once (orders/lifecycle.ts). An operator's hold and a package already suspended or ended
 * are left as they are. Answers how many packages were suspended.
 */
export async function suspendForUnpaidOverage(deps: OverageSuspensionDeps, now: Date): Promise<number> {
  const { graceDays } = await lifecycleSettings(deps.db);
  const days = OVERAGE_REMINDER_DAYS + graceDays;
  const due = await deps.db
    .select({ order: bizOrder, service: bizService })
    .from(bizOrder)
    .innerJoin(bizService, eq(bizService.orderNo, bizOrder.serviceOrderNo))
    .where(
      and(
        eq(bizOrder.action, "overage"),
        eq(bizOrder.status, "unpaid"),
        lte(bizOrder.createdAt, new Date(now.getTime() - days * DAY_MS)),
        eq(bizService.state, "active"),
        // Once per order: a package brought back meanwhile (an operator, a renewal) stays back,
        // rather than flap between suspended and active every hour.
        sql`not exists (select 1 from ${bizServiceEvent} e
                         where e.service_id = ${bizService.serviceId}
                           and e.actor = ${ACTOR}
                           and e.reason like 'overage order ' || ${bizOrder.orderNo} || ' unpaid %')`,
      ),
    )
    .orderBy(asc(bizOrder.createdAt))
    .limit(BATCH);
  let suspended = 0;
  for (const { order, service } of due) {
    const who = await serviceRecipient(deps.db, service);
    const moved = await deps.db.transaction(async (tx) => {
      const moved = await moveService(tx, service.serviceId, "suspend", {
        reason: `overage order ${order.orderNo} unpaid ${days} days`,
        actor: ACTOR,
        now,
        emitEvent: deps.emitEvent,
      });
      if (moved && who) {
        const { language } = who;
        await deps.mail.enqueue(tx, {
          siteId: service.siteId,
          event: "service_suspended_overage",
          language,
          to: who.to,
          timeZone: who.timeZone,
          key: `service-suspended-overage-${order.orderNo}`,
          values: {
            name: who.name,
            product: who.product,
            orderNo: order.orderNo,
            amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
            days: String(days),
            // My orders, where it is paid.
            link: `${await siteOrigin(tx, service.siteId, null, { console: true })}/control/orders`,
          },
        });
      }
      return moved !== null;
    });
    if (moved) suspended++;
  }
  return suspended;
}
