import type { TopUpBody } from "@rampart/contracts";
import type { PurchaseConfiguration } from "@rampart/pricing";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import { takeBackTopUp } from "../balance/top-up-entries.ts";
import type { TopUpBounds } from "../balance/top-up-settings.ts";
import type { OrderRow, OrderStore } from "./order-store.ts";
import { findByKey, newOrderNo } from "./service.ts";

/** A top-up's order: product "balance", action "topup". */
export const TOP_UP_PRODUCT = "balance";

/**
 * A top-up configures nothing: its order's configuration (a column every order fills) is this empty
 * shape, which nothing reads (a top-up has no service, no edition, no period).
 */
const TOP_UP_CONFIGURATION = {
  product: TOP_UP_PRODUCT,
  edition: "",
  region: "global",
  quantities: {},
  duration: { unit: "day", count: 0 },
  extras: {},
} as unknown as PurchaseConfiguration;

export interface TopUpContext {
  userId: number;
  siteId: number | null;
  agentCode: string;
  /** The currency of the caller's site: the balance a top-up there credits. */
  currency: string;
  bounds: TopUpBounds;
  now: Date;
}

export type TopUpPlacement =
  | { ok: true; order: OrderRow; created: boolean }
  | { ok: false; reason: "currency"; currency: string }
  | { ok: false; reason: "bounds"; bounds: TopUpBounds; currency: string };

/**
 * Places a top-up: an unpaid order of the amount asked in the site's currency, within the site's
 * bounds, paid afterwards like any order (the cashier, or a bank transfer an operator confirms) and
 * crediting the balance when paid (lifecycle.ts). The same idempotency key from the same customer
 * answers the order it already made, before any rule (a retried submit after the bounds changed).
 */
export async function placeTopUp(store: OrderStore, body: TopUpBody, context: TopUpContext): Promise<TopUpPlacement> {
  const earlier = await findByKey(store.db, context.userId, body.idempotencyKey);
  if (earlier) return { ok: true, order: earlier, created: false };
  const { currency, bounds } = context;
  if ((body.currency ?? currency) !== currency) return { ok: false, reason: "currency", currency };
  if (body.amount < bounds.min || body.amount > bounds.max) return { ok: false, reason: "bounds", bounds, currency };
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await store.placeGrouped({
      orderNo: newOrderNo(context.now),
      userId: context.userId,
      siteId: context.siteId,
      agentCode: context.agentCode,
      product: TOP_UP_PRODUCT,
      action: "topup",
      configuration: TOP_UP_CONFIGURATION,
      currency,
      originalPrice: body.amount,
      discount: 0,
      couponDeduction: 0,
      amount: body.amount,
      payMethod: body.payMethod,
      idempotencyKey: body.idempotencyKey,
      createdAt: context.now,
    });
    if (row) return { ok: true, order: row, created: true };
    // The same submit raced this one (its key is taken), or, rarely, the order number was.
    const raced = await findByKey(store.db, context.userId, body.idempotencyKey);
    if (raced) return { ok: true, order: raced, created: false };
  }
  throw new Error("could not allocate an order number");
}

export type TopUpRefundCheck = { ok: true } | { ok: false; balance: number; amount: number; currency: string };

/**
 * Before a top-up's money goes back (through its channel, or by hand), its credit leaves the
 * balance: once, whatever is retried, and only while the balance still holds it (what was spent is
 * not refunded). A refund through the channel that then fails leaves the credit taken, for the
 * operator's retry to finish. Any other order, or one not paid or of another site: nothing to do.
 */
export async function takeBackBeforeRefund(
  db: Db,
  order: { orderNo: string; siteId: number | null },
  by: { madeBy: string; now: Date },
): Promise<TopUpRefundCheck> {
  const [row] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, order.orderNo), eq(bizOrder.action, "topup"), eq(bizOrder.status, "paid")));
  if (!row || (order.siteId !== null && row.siteId !== order.siteId)) return { ok: true };
  const taken = await takeBackTopUp(db, row, by);
  return taken.ok ? taken : { ok: false, balance: taken.balance, amount: row.amount, currency: row.currency };
}

/** A top-up's amount and currency (a refusal's words). */
export async function topUpAmount(db: Db, orderNo: string): Promise<{ amount: number; currency: string }> {
  const [row] = await db
    .select({ amount: bizOrder.amount, currency: bizOrder.currency })
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, orderNo));
  return row ?? { amount: 0, currency: "" };
}

/** Whether an order (of the site, for an operator bound to one) is a top-up: its refund goes back the way it came. */
export async function isTopUp(db: Db, orderNo: string, siteId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ action: bizOrder.action, siteId: bizOrder.siteId })
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, orderNo));
  return row?.action === "topup" && (siteId === null || row.siteId === siteId);
}
