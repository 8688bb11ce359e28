import { randomInt } from "node:crypto";
import type { CreateOrderBody, OrderStatus, OrderView, PayMethod } from "@rampart/contracts";
import type { Catalogue, FeeCard, PurchaseConfiguration } from "@rampart/pricing";
import { and, eq, ne, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizOrder, bizTrialUse } from "../../db/schema.ts";
import { recordCouponUse, takeCoupon } from "../coupons/service.ts";
import { amountDue } from "./balance-hold.ts";
import { transitionOrder } from "./lifecycle.ts";
import type { RefundableOrder } from "./order-payments.ts";
import { type OrderError, priceOrder } from "./order-price.ts";
import type { OrderInsert, OrderRow, OrderStore } from "./order-store.ts";
import { trialMailbox } from "./trial-mailbox.ts";

export interface OrderContext {
  userId: number;
  siteId: number | null;
  agentCode: string;
  /** The price list of the site the customer buys on. */
  catalogue: Catalogue;
  now: Date;
  /** The customer's confirmed address: a free trial is taken once per mailbox too (trial-mailbox.ts). */
  confirmedEmail?: string | null | undefined;
}

export type CreateOrderResult = { ok: true; order: OrderView; created: boolean } | { ok: false; errors: OrderError[] };

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
    balanceHeld: row.balanceHeld,
    action: row.action as OrderView["action"],
    couponCode: row.couponCode,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    ...(row.configuration.overage ? { overage: row.configuration.overage } : {}),
  };
}

/** 20261121 + ten random digits: unique enough to retry on the rare clash, not guessable. */
export function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `${day}${String(randomInt(0, 1e10)).padStart(10, "0")}`;
}

/**
 * Prices the configuration with the site's price list, takes the coupon (if any) and places an
 * unpaid order (a free trial is then paid in the same transaction, by transitionOrder). The same
 * idempotency key from the same customer answers with the order it already made. A plain new order
 * is one INSERT (grouped with others: order-store.ts); a coupon, a free trial or a change of a
 * service needs a look for the earlier submit first and a transaction.
 */
export async function createOrder(
  store: OrderStore,
  body: CreateOrderBody,
  context: OrderContext,
): Promise<CreateOrderResult> {
  const { db } = store;
  // A retried renewal, upgrade or coupon order must find its order before its rules (the service
  // now has an unpaid change, the coupon is now used) would refuse it.
  let looked = false;
  const earlier = async () => {
    looked = true;
    return findByKey(db, context.userId, body.idempotencyKey);
  };
  if (body.action !== "new" || body.couponCode) {
    const existing = await earlier();
    if (existing) return { ok: true, order: orderView(existing), created: false };
  }

  const { catalogue } = context;
  const priced = await priceOrder(db, catalogue, body, context.userId, context.now);
  if (!priced.ok) return priced;
  // A free trial costs nothing, so it needs no payment; it is taken once per customer and product.
  const trial = priced.fee.amount === 0 && body.action === "new";
  if (trial) {
    const existing = looked ? undefined : await earlier();
    if (existing) return { ok: true, order: orderView(existing), created: false };
    if (await hasTrial(db, context.userId, body.product)) return { ok: false, errors: [TRIAL_USED] };
    if (context.confirmedEmail && (await mailboxHadTrial(db, context.siteId, context.confirmedEmail, body.product)))
      return { ok: false, errors: [TRIAL_USED] };
  }
  const order: NewOrder = {
    userId: context.userId,
    siteId: context.siteId,
    agentCode: context.agentCode,
    product: body.product,
    action: body.action,
    serviceOrderNo: priced.serviceOrderNo,
    configuration: priced.configuration,
    payMethod: body.payMethod,
    idempotencyKey: body.idempotencyKey,
    createdAt: context.now,
    ...(trial ? { isTrial: true } : {}),
  };
  if (!body.couponCode && !trial) return insertOrder(db, order, priced.fee, (values) => store.placeGrouped(values));

  try {
    return await db.transaction(async (tx): Promise<CreateOrderResult> => {
      if (body.couponCode && !trial) {
        return orderWithCoupon(tx, store, { ...body, couponCode: body.couponCode }, context, order, priced);
      }
      const result = await insertOrder(tx, order, priced.fee, (values) => store.placeIn(tx, values));
      if (!result.ok || !result.created) return result;
      if (context.confirmedEmail) await takeTrialOfMailbox(tx, context, body.product, result.order.orderNo);
      // A free trial is paid at once (its mail is the receipt): the same move as any payment.
      const paid = await transitionOrder(tx, "pay", {
        orderNo: result.order.orderNo,
        now: context.now,
        emitEvent: store.emitEvent,
      });
      if (!paid.ok) throw new Error(`a new trial order could not be paid: ${paid.reason}`);
      return { ok: true, order: orderView(paid.order), created: true };
    });
  } catch (error) {
    if (error === ADDRESS_HAD_TRIAL) return { ok: false, errors: [TRIAL_USED] };
    throw error;
  }
}

async function orderWithCoupon(
  tx: Tx,
  store: OrderStore,
  body: CreateOrderBody & { couponCode: string },
  context: OrderContext,
  order: NewOrder,
  priced: { configuration: PurchaseConfiguration; fee: FeeCard },
): Promise<CreateOrderResult> {
  const { catalogue } = context;
  const taken = await takeCoupon(tx, body.couponCode, {
    userId: context.userId,
    agentCode: context.agentCode,
    action: body.action,
    configuration: priced.configuration,
    fee: priced.fee,
    minimumAmount: body.action === "upgrade" ? 0 : catalogue.minimumAmount,
    now: context.now,
  });
  if (!taken.ok) return { ok: false, errors: [taken.problem] };
  const result = await insertOrder(tx, { ...order, couponCode: body.couponCode }, taken.fee, (values) =>
    store.placeIn(tx, values),
  );
  if (result.ok && result.created) {
    await recordCouponUse(tx, {
      couponId: taken.couponId,
      userId: context.userId,
      orderNo: result.order.orderNo,
      deduction: taken.fee.couponDeduction,
      now: context.now,
    });
  }
  return result;
}

/** Thrown inside the trial's transaction to undo its order: the mailbox took this trial first. */
const ADDRESS_HAD_TRIAL = new Error("the mailbox already had this trial");

async function mailboxHadTrial(db: Db, siteId: number | null, email: string, product: string): Promise<boolean> {
  const rows = await db
    .select({ orderNo: bizTrialUse.orderNo })
    .from(bizTrialUse)
    .where(
      and(
        eq(bizTrialUse.siteKey, siteId ?? 0),
        eq(bizTrialUse.email, trialMailbox(email)),
        eq(bizTrialUse.product, product),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The trial counted against the mailbox, in the order's transaction; a race lost undoes the order. */
async function takeTrialOfMailbox(tx: Tx, context: OrderContext, product: string, orderNo: string): Promise<void> {
  const taken = await tx
    .insert(bizTrialUse)
    .values({
      siteKey: context.siteId ?? 0,
      email: trialMailbox(context.confirmedEmail!),
      product,
      orderNo,
      createdAt: context.now,
    })
    .onConflictDoNothing()
    .returning({ orderNo: bizTrialUse.orderNo });
  if (taken.length === 0) throw ADDRESS_HAD_TRIAL;
}

/** An order before its number and amounts: made at the context's moment (the injected clock's). */
type NewOrder = Omit<
  OrderInsert,
  "orderNo" | "currency" | "originalPrice" | "discount" | "couponDeduction" | "amount" | "createdAt"
> & { createdAt: Date };

/** The INSERT of one order (the store's): its row, or nothing when its order number or idempotency key is taken. */
type InsertOne = (values: OrderInsert) => Promise<OrderRow | undefined>;

/**
 * One INSERT under a fresh order number; when the customer's idempotency key already has an order
 * (the same submit raced this one), that order. Retries the rare clash of order numbers.
 */
async function insertOrder(
  db: Db | Tx,
  order: NewOrder,
  fee: FeeCard,
  insert: InsertOne,
): Promise<{ ok: true; order: OrderView; created: boolean; row: OrderRow } | { ok: false; errors: OrderError[] }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await insert({
      ...order,
      orderNo: newOrderNo(order.createdAt),
      currency: fee.currency,
      originalPrice: fee.originalPrice,
      discount: fee.discount,
      couponDeduction: fee.couponDeduction,
      amount: fee.amount,
    });
    if (row) return { ok: true, order: orderView(row), created: true, row };
    const raced = await findByKey(db, order.userId, order.idempotencyKey);
    if (raced) return { ok: true, order: orderView(raced), created: false, row: raced };
    // Another request won the race the database holds: the customer's trial of this product, or
    // the service's one unpaid change (checked before, but parallel requests all pass a check).
    if (order.isTrial && (await hasTrial(db, order.userId, order.product))) return { ok: false, errors: [TRIAL_USED] };
    if (order.serviceOrderNo && (await hasUnpaidChange(db, order.serviceOrderNo)))
      return { ok: false, errors: [{ field: "service", code: "service.unpaidChange" }] };
  }
  throw new Error("could not allocate an order number");
}

const TRIAL_USED: OrderError = { field: "edition", code: "trial.used" };

async function hasTrial(db: Db | Tx, userId: number, product: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: bizOrder.orderId })
    .from(bizOrder)
    .where(
      and(
        eq(bizOrder.userId, userId),
        eq(bizOrder.product, product),
        or(eq(bizOrder.isTrial, true), and(eq(bizOrder.action, "new"), eq(bizOrder.amount, 0))),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function hasUnpaidChange(db: Db | Tx, serviceOrderNo: string): Promise<boolean> {
  const rows = await db
    .select({ orderId: bizOrder.orderId })
    .from(bizOrder)
    .where(
      and(eq(bizOrder.serviceOrderNo, serviceOrderNo), eq(bizOrder.status, "unpaid"), ne(bizOrder.action, "overage")),
    )
    .limit(1);
  return rows.length > 0;
}

/** The customer's order placed under an idempotency key (an earlier submit of the same form). */
export async function findByKey(db: Db | Tx, userId: number, key: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.userId, userId), eq(bizOrder.idempotencyKey, key)));
  return rows[0];
}

/** One of the customer's own orders; someone else's order is as good as missing. */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderView | null> {
  const row = await ownOrderRow(db, userId, orderNo);
  return row ? orderView(row) : null;
}

/** One of the customer's own orders as stored (its site too). */
export async function ownOrderRow(db: Db, userId: number, orderNo: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.userId, userId)));
  return rows[0];
}

/** An order as an operator sees it: any, or their site's only when they are bound to one. */
export async function siteOrderRow(db: Db, orderNo: string, siteId: number | null): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo));
  return row && (siteId === null || row.siteId === siteId) ? row : undefined;
}

/**
 * A paid order whose money went through an online channel and must go back through it before
 * the order is marked refunded; null when there is nothing to give back online (not paid, paid
 * offline) or the order is another site's (the refund then answers 404 like a missing order).
 */
export async function refundableOnline(
  db: Db,
  orderNo: string,
  siteId: number | null,
): Promise<RefundableOrder | null> {
  const [order] = await db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo));
  if (order?.status !== "paid" || !order.tradeNo) return null;
  if (siteId !== null && order.siteId !== siteId) return null;
  // The channel gives back what it took: the order's amount less a part paid from the balance.
  const { payMethod, currency, tradeNo } = order;
  return { orderNo, payMethod, amount: amountDue(order), currency, tradeNo };
}
