import { randomInt } from "node:crypto";
import type { CreateOrderBody, OrderStatus, OrderView, PayMethod } from "@rampart/contracts";
import type { QuoteError } from "@rampart/pricing";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import { loadCatalogue } from "../catalogue/service.ts";
import { priceOrder } from "./changes.ts";

export interface OrderContext {
  userId: number;
  siteId: number | null;
  agentCode: string;
  /** The currency of the site the customer buys on. */
  currency: string;
  now: Date;
}

/** Why an order cannot be made: the engine's reasons, a free trial already taken, or the service's state. */
export type OrderError =
  | QuoteError
  | {
      field: string;
      code:
        | "trial.used"
        | "service.missing"
        | "service.pending"
        | "service.expired"
        | "service.unpaidChange"
        | "service.trial"
        | "upgrade.downgrade"
        | "upgrade.nothing";
    };

export type CreateOrderResult = { ok: true; order: OrderView; created: boolean } | { ok: false; errors: OrderError[] };

type OrderRow = typeof bizOrder.$inferSelect;

export function orderView(row: OrderRow): OrderView {
  return {
    orderNo: row.orderNo,
    product: row.product,
    status: row.status as OrderStatus,
    payMethod: row.payMethod as PayMethod,
    currency: row.currency,
    originalPrice: row.originalPrice,
    discount: row.discount,
    couponDeduction: row.couponDeduction,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 20261121 + ten random digits: unique enough to retry on the rare clash, not guessable. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `${day}${String(randomInt(0, 1e10)).padStart(10, "0")}`;
}

/**
 * Prices the configuration with the site's price list and records an unpaid order. The same
 * idempotency key from the same customer answers with the order it already made.
 */
export async function createOrder(db: Db, body: CreateOrderBody, context: OrderContext): Promise<CreateOrderResult> {
  const existing = await findByKey(db, context.userId, body.idempotencyKey);
  if (existing) return { ok: true, order: orderView(existing), created: false };

  const catalogue = await loadCatalogue(db, context.currency);
  const priced = await priceOrder(db, catalogue, body, context.userId, context.now);
  if (!priced.ok) return priced;
  const { configuration, fee } = priced;
  // A free trial costs nothing, so it needs no payment; it is taken once per customer and product.
  const trial = fee.amount === 0 && body.action === "new";
  if (trial && (await hasTrial(db, context.userId, body.product)))
    return { ok: false, errors: [{ field: "edition", code: "trial.used" }] };
  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await db
      .insert(bizOrder)
      .values({
        orderNo: newOrderNo(context.now),
        userId: context.userId,
        siteId: context.siteId,
        agentCode: context.agentCode,
        product: body.product,
        action: body.action,
        serviceOrderNo: priced.serviceOrderNo,
        configuration,
        currency: fee.currency,
        originalPrice: fee.originalPrice,
        discount: fee.discount,
        couponDeduction: fee.couponDeduction,
        amount: fee.amount,
        payMethod: body.payMethod,
        status: trial ? "paid" : "unpaid",
        paidAt: trial ? context.now : null,
        idempotencyKey: body.idempotencyKey,
        createdAt: context.now,
      })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return { ok: true, order: orderView(rows[0]), created: true };
    // Either the same submit raced us (the key exists now) or the order number clashed.
    const raced = await findByKey(db, context.userId, body.idempotencyKey);
    if (raced) return { ok: true, order: orderView(raced), created: false };
  }
  throw new Error("could not allocate an order number");
}

async function hasTrial(db: Db, userId: number, product: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: bizOrder.orderId })
    .from(bizOrder)
    .where(and(eq(bizOrder.userId, userId), eq(bizOrder.product, product), eq(bizOrder.amount, 0)))
    .limit(1);
  return rows.length > 0;
}

async function findByKey(db: Db, userId: number, key: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.userId, userId), eq(bizOrder.idempotencyKey, key)));
  return rows[0];
}

/** One of the customer's own orders; someone else's order is as good as missing. */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderView | null> {
  const rows = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.userId, userId)));
  return rows[0] ? orderView(rows[0]) : null;
}

/** unpaid → paid in one statement, so that two confirmations (or notifications) pay once. */
export async function markPaid(db: Db, orderNo: string, now: Date): Promise<OrderView | "missing" | "conflict"> {
  const rows = await db
    .update(bizOrder)
    .set({ status: "paid", paidAt: now })
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")))
    .returning();
  if (rows[0]) return orderView(rows[0]);
  const found = await db.select({ status: bizOrder.status }).from(bizOrder).where(eq(bizOrder.orderNo, orderNo));
  return found[0] ? "conflict" : "missing";
}
