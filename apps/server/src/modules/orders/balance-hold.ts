import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import { entryOf } from "../balance/balance-ledger.ts";
import { holdPart, lockedAmount } from "../balance/held-parts.ts";

type OrderRow = typeof bizOrder.$inferSelect;

export type BalanceHold =
  | { ok: true; order: OrderRow }
  /** The balance covers the whole order: it is paid from the balance instead (payFromBalance). */
  | { ok: false; reason: "covers"; balance: number }
  /** A part was held for this order once and went back (its cashier could not open): not again. */
  | { ok: false; reason: "released" };

/**
 * Before the rest of an unpaid order is paid through a channel: what the customer's balance holds
 * in its currency (less than the order's amount) is taken from it as the order's part from the
 * balance, and the channel is then asked for the rest (amount − balanceHeld). The order's row must
 * be locked by the caller's transaction. Once per order: an order with a part held keeps it (the
 * next cashier asks for the same rest), and an empty balance holds nothing.
 */
export async function holdBalancePart(
  tx: Tx,
  order: OrderRow,
  by: { madeBy: string; now: Date },
): Promise<BalanceHold> {
  if (order.balanceHeld > 0 || order.amount <= 0 || order.action === "topup") return { ok: true, order };
  const balance = await lockedAmount(tx, order.userId, order.currency);
  if (balance <= 0) return { ok: true, order };
  if (balance >= order.amount) return { ok: false, reason: "covers", balance };
  if (await entryOf(tx, "hold", order.orderNo)) return { ok: false, reason: "released" };
  const posted = await holdPart(tx, order, balance, by);
  // The balance row is locked: what it holds can be taken.
  if (!posted.ok || posted.repeated) throw new Error(`the balance could not hold part of order ${order.orderNo}`);
  const [held] = await tx
    .update(bizOrder)
    .set({ balanceHeld: balance })
    .where(and(eq(bizOrder.orderNo, order.orderNo), eq(bizOrder.status, "unpaid")))
    .returning();
  if (!held) throw new Error(`order ${order.orderNo} was not unpaid while its part was held`);
  return { ok: true, order: held };
}

/** What the channel (or an operator's confirmation of a transfer) must still take for an order. */
export function amountDue(order: Pick<OrderRow, "amount" | "balanceHeld">): number {
  return order.amount - order.balanceHeld;
}
