import { and, asc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import type { AlipayChannel } from "../payments/alipay-channel.ts";
import { settleByQuery } from "../payments/service.ts";
import { transitionOrder } from "./lifecycle.ts";

/** How many stale orders one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * unpaid → closed for every order created more than `ttlMs` ago, its coupon released. An order
 * meant for Alipay is first asked about (its notification may have been lost: then it is paid, not
 * closed) and its Alipay trade is closed with it. Answers how many closed.
 */
export async function closeStaleOrders(
  db: Db,
  now: Date,
  ttlMs: number,
  alipay?: AlipayChannel,
  log?: FastifyBaseLogger,
): Promise<number> {
  const stale = await db
    .select({ orderNo: bizOrder.orderNo, payMethod: bizOrder.payMethod })
    .from(bizOrder)
    .where(and(eq(bizOrder.status, "unpaid"), lt(bizOrder.createdAt, new Date(now.getTime() - ttlMs))))
    .orderBy(asc(bizOrder.createdAt))
    .limit(SWEEP_BATCH);
  let closed = 0;
  for (const order of stale) {
    if (alipay && order.payMethod !== "offline") {
      try {
        if (await settleByQuery(db, alipay, order.orderNo, now)) continue;
        await alipay.close(order.orderNo);
      } catch (error) {
        // Alipay unreachable: leave the order for the next sweep rather than close it blind.
        log?.warn({ err: error, orderNo: order.orderNo }, "could not ask Alipay about an unpaid order");
        continue;
      }
    }
    if ((await transitionOrder(db, "close", { orderNo: order.orderNo, now })).ok) closed++;
  }
  return closed;
}

/** Closes stale unpaid orders once a minute (every process may do it: each move happens once). */
export function startOrderCloser(
  db: Db,
  options: { ttlMs: number; now: () => Date; log: FastifyBaseLogger; alipay?: AlipayChannel | undefined },
) {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await closeStaleOrders(db, options.now(), options.ttlMs, options.alipay, options.log);
      if (closed > 0) options.log.info({ closed }, "closed unpaid orders");
    } catch (error) {
      options.log.error({ err: error }, "closing unpaid orders failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
