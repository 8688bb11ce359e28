import { and, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";

/** unpaid → closed for every order created more than `ttlMs` ago; answers how many closed. */
export async function closeStaleOrders(db: Db, now: Date, ttlMs: number): Promise<number> {
  const rows = await db
    .update(bizOrder)
    .set({ status: "closed", closedAt: now })
    .where(and(eq(bizOrder.status, "unpaid"), lt(bizOrder.createdAt, new Date(now.getTime() - ttlMs))))
    .returning({ orderNo: bizOrder.orderNo });
  return rows.length;
}

/** Closes stale unpaid orders once a minute (every process may do it: the update is idempotent). */
export function startOrderCloser(db: Db, options: { ttlMs: number; now: () => Date; log: FastifyBaseLogger }) {
  const sweep = () =>
    closeStaleOrders(db, options.now(), options.ttlMs)
      .then((closed) => closed > 0 && options.log.info({ closed }, "closed unpaid orders"))
      .catch((error: unknown) => options.log.error({ err: error }, "closing unpaid orders failed"));
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
