import { randomInt } from "node:crypto";
import type { OverageQuote } from "@rampart/pricing";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import type { OrderRow, OrderStore } from "../orders/order-store.ts";
import type { OverageCandidate } from "./overage-candidates.ts";

/** The order's idempotency key: one overage order per service and month, whoever places it. */
export const overageKey = (serviceId: number, month: string) => `overage:${serviceId}:${month}`;

function orderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `${day}${String(randomInt(0, 1e10)).padStart(10, "0")}`;
}

/**
 * The month's overage order of a service, placed through the order store in the caller's
 * transaction (announced there: the customer's "order placed" mail): the service's configuration
 * with the figures that made the amount (`configuration.overage`), the amount as the engine quoted
 * it, no discount, the way the service was first paid. The one already placed under the key when
 * there is one.
 */
export async function placeOverageOrder(
  tx: Tx,
  store: OrderStore,
  service: OverageCandidate,
  quoted: OverageQuote,
  payMethod: string,
  now: Date,
): Promise<{ order: OrderRow; created: boolean }> {
  const idempotencyKey = overageKey(service.serviceId, quoted.figures.month);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await store.placeIn(tx, {
      orderNo: orderNumber(now),
      userId: service.userId,
      siteId: service.siteId,
      agentCode: service.agentCode,
      product: service.product,
      action: "overage",
      serviceOrderNo: service.orderNo,
      configuration: { ...service.configuration, overage: quoted.figures },
      currency: quoted.figures.currency,
      originalPrice: quoted.amount,
      discount: 0,
      couponDeduction: 0,
      amount: quoted.amount,
      payMethod,
      idempotencyKey,
      createdAt: now,
    });
    if (row) return { order: row, created: true };
    const [placed] = await tx
      .select()
      .from(bizOrder)
      .where(and(eq(bizOrder.userId, service.userId), eq(bizOrder.idempotencyKey, idempotencyKey)));
    if (placed) return { order: placed, created: false };
  }
  throw new Error("could not allocate an order number");
}
