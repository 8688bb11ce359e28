import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizBalance, type bizOrder } from "../../db/schema.ts";
import { entryOf, type PostingResult, postEntry, reverseEntry } from "./balance-ledger.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/**
 * Part of an order paid from the balance while the rest goes through a payment channel (issue 41):
 * the part is taken at once (a `hold` entry referenced by the order's number, so once per order)
 * and becomes the order's payment when the channel pays the rest; if the order closes unpaid, or
 * the channel is paid the whole amount after all, it goes back (a reversal of the hold).
 */

/** The customer's balance in a currency, its row locked for the caller's transaction (0 when they have none). */
export async function lockedAmount(tx: Tx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ amount: bizBalance.amount })
    .from(bizBalance)
    .where(and(eq(bizBalance.userId, userId), eq(bizBalance.currency, currency)))
    .for("update");
  return row?.amount ?? 0;
}

/** Takes `part` of the order from its owner's balance, in the caller's transaction. */
export async function holdPart(
  tx: Tx,
  order: OrderRow,
  part: number,
  by: { madeBy: string; now: Date },
): Promise<PostingResult> {
  return postEntry(tx, {
    userId: order.userId,
    currency: order.currency,
    amount: -part,
    kind: "hold",
    reference: order.orderNo,
    madeBy: by.madeBy,
    now: by.now,
  });
}

/** Gives an order's held part back to the balance (once), in the caller's transaction; nothing when none was held. */
export async function releaseHeldPart(tx: Tx, order: OrderRow, by: { madeBy: string; now: Date }): Promise<void> {
  if (order.balanceHeld <= 0) return;
  const held = await entryOf(tx, "hold", order.orderNo);
  if (!held) return;
  const released = await reverseEntry(tx, held.entryId, { madeBy: by.madeBy, now: by.now });
  // A reversal credits the balance: it cannot be refused for want of money.
  if (!released.ok) throw new Error(`the held part of order ${order.orderNo} could not be released`);
}
