import type { Db, Tx } from "../../db/client.ts";
import type { bizOrder } from "../../db/schema.ts";
import { entryOf, postEntry, reverseEntry } from "./balance-ledger.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/**
 * A paid top-up's credit: its amount posted to its owner's balance in the order's currency, in the
 * payment's transaction, referenced by the order's number (so once, however many notifications or
 * confirmations arrive), made by the operator who confirmed it or by "payment".
 */
export async function creditTopUp(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.amount <= 0) return;
  await postEntry(tx, {
    userId: order.userId,
    currency: order.currency,
    amount: order.amount,
    kind: "topup",
    reference: order.orderNo,
    madeBy: order.handledBy ?? "payment",
    now,
  });
}

export type TopUpTakeBack = { ok: true } | { ok: false; balance: number };

/**
 * A refunded top-up's credit taken back: the exact reversal of its entry, once, while the balance
 * still covers it. Money already spent from the balance cannot go back through the channel as well:
 * then nothing is written and the refund is refused. A top-up never credited (none posted) has
 * nothing to take back.
 */
export async function takeBackTopUp(
  db: Db | Tx,
  order: Pick<OrderRow, "orderNo">,
  by: { madeBy: string; now: Date },
): Promise<TopUpTakeBack> {
  const credited = await entryOf(db, "topup", order.orderNo);
  if (!credited) return { ok: true };
  const reversed = await reverseEntry(db, credited.entryId, {
    madeBy: by.madeBy,
    note: `top-up ${order.orderNo} refunded`,
    now: by.now,
  });
  if (reversed.ok) return { ok: true };
  return { ok: false, balance: reversed.reason === "insufficient" ? reversed.balance : 0 };
}
