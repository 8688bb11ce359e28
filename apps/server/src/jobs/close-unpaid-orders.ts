import { and, asc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { bizOrder } from "../db/schema.ts";
import { transitionOrder } from "../modules/orders/lifecycle.ts";
import type { PaymentChannels } from "../modules/payments/payment-channel.ts";
import { settleByQuery } from "../modules/payments/service.ts";
import type { OrderEvents } from "../modules/services/lifecycle-events.ts";

/** How many stale orders one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * unpaid → closed for every order created more than `ttlMs` ago, its coupon released. An order
 * meant for an online channel is first asked about (its notification may have been lost: then it is paid, not
 * closed) and its online trade is closed with it. Answers how many closed.
 */
export async function closeStaleOrders(
  db: Db,
  now: Date,
  ttlMs: number,
  payments?: PaymentChannels,
  log?: FastifyBaseLogger,
  events?: OrderEvents,
): Promise<number> {
  const stale = await db
    .select({ orderNo: bizOrder.orderNo, payMethod: bizOrder.payMethod })
    .from(bizOrder)
    .where(and(eq(bizOrder.status, "unpaid"), lt(bizOrder.createdAt, new Date(now.getTime() - ttlMs))))
    .orderBy(asc(bizOrder.createdAt))
    .limit(SWEEP_BATCH);
  let closed = 0;
  for (const order of stale) {
    const channel = payments?.for(order.payMethod);
    if (payments && channel) {
      try {
        if (await settleByQuery(db, payments, order.orderNo, now, events)) continue;
        await channel.close(order.orderNo);
      } catch (error) {
        // The channel unreachable: leave the order for the next sweep rather than close it blind.
        log?.warn({ err: error, orderNo: order.orderNo }, "could not ask the payment channel about an unpaid order");
        continue;
      }
    }
    if ((await transitionOrder(db, "close", { orderNo: order.orderNo, now, events })).ok) closed++;
  }
  return closed;
}
