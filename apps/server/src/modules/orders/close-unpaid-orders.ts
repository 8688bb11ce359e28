import { and, asc, eq, lt, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { transitionOrder } from "./lifecycle.ts";
import type { OrderPayments } from "./order-payments.ts";

/** How many stale orders one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * unpaid → closed for every order created more than `ttlMs` ago, its coupon released (an overage
 * order excepted: it bills bandwidth already used, and stays to be paid or closed by an operator). An order
 * meant for an online channel is first asked about (its notification may have been lost: then it is paid, not
 * closed) and its online trade is closed with it. Answers how many closed.
 */
export async function closeStaleOrders(
  db: Db,
  now: Date,
  ttlMs: number,
  payments?: OrderPayments,
  log?: FastifyBaseLogger,
  emitEvent?: EmitEvent,
): Promise<number> {
  const stale = await db
    .select({ orderNo: bizOrder.orderNo, payMethod: bizOrder.payMethod })
    .from(bizOrder)
    .where(
      and(
        eq(bizOrder.status, "unpaid"),
        ne(bizOrder.action, "overage"),
        lt(bizOrder.createdAt, new Date(now.getTime() - ttlMs)),
      ),
    )
    .orderBy(asc(bizOrder.createdAt))
    .limit(SWEEP_BATCH);
  let closed = 0;
  for (const order of stale) {
    if (payments?.online(order.payMethod)) {
      try {
        if ((await payments.settleOrCloseTrade(order.payMethod, order.orderNo, now, emitEvent)) === "paid") continue;
      } catch (error) {
        // The channel unreachable: leave the order for the next sweep rather than close it blind.
        log?.warn({ err: error, orderNo: order.orderNo }, "could not ask the payment channel about an unpaid order");
        continue;
      }
    }
    if ((await transitionOrder(db, "close", { orderNo: order.orderNo, now, emitEvent })).ok) closed++;
  }
  return closed;
}
