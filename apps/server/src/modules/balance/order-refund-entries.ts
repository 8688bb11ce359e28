import type { Tx } from "../../db/client.ts";
import type { bizOrder } from "../../db/schema.ts";
import { postEntry } from "./balance-ledger.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/**
 * A refunded order's amount given back to its owner's balance (kind `refund`, referenced by the
 * order's number, so once), in the refund's transaction: an order paid from the balance always
 * goes back there, any other when the operator chose the balance over the channel; of an order paid
 * partly from the balance and partly through a channel, the channel refunds its part and `amount`
 * is the balance's part. Made by the
 * operator who refunded it; the operator's note stays with the order (it is theirs, not the
 * customer's: the ledger's kind and order number say what it is).
 */
export async function refundToBalance(
  tx: Tx,
  order: OrderRow,
  amount: number,
  by: { madeBy: string; now: Date },
): Promise<void> {
  if (amount <= 0) return;
  await postEntry(tx, {
    userId: order.userId,
    currency: order.currency,
    amount,
    kind: "refund",
    reference: order.orderNo,
    madeBy: by.madeBy,
    now: by.now,
  });
}
