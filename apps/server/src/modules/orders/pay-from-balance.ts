import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { postEntry } from "../balance/balance-ledger.ts";
import { lockOrderService } from "../services/service-records.ts";
import { amountDue } from "./balance-hold.ts";
import { transitionOrder } from "./lifecycle.ts";

type OrderRow = typeof bizOrder.$inferSelect;

export type BalancePayment =
  | { ok: true; order: OrderRow; balance: number }
  | { ok: false; reason: "missing" | "not-payable" | "top-up" }
  | { ok: false; reason: "insufficient"; balance: number; order: OrderRow };

export interface BalancePaymentInput {
  orderNo: string;
  /** Only this customer's order; the balance debited is theirs. */
  userId: number;
  /** Who pays: the customer's user name, or the job that pays for them ("renewal"). */
  madeBy: string;
  now: Date;
  emitEvent?: EmitEvent | undefined;
}

/**
 * Pays an unpaid order in full from its owner's balance in the order's currency (what is still due
 * when a part was already held from it for a channel payment): the order's row
 * locked, the payment posted to the ledger (once per order), and the order moved to paid by the
 * one way orders are paid (its service, invoice, mail and events follow as for any payment), all in
 * one transaction. Nothing is debited unless the order is paid, and an order is paid once however
 * many times this runs at once (the customer twice, the renewal job beside them).
 */
export async function payFromBalance(db: Db | Tx, input: BalancePaymentInput): Promise<BalancePayment> {
  // In the caller's transaction when given one (the automatic renewal claims its attempt in it).
  return (db as Db).transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(bizOrder)
      .where(and(eq(bizOrder.orderNo, input.orderNo), eq(bizOrder.userId, input.userId)))
      .for("update");
    if (!order) return { ok: false, reason: "missing" };
    // A top-up is never paid by the balance it would credit (FOSSBilling #2988: funds consumed by their own top-up).
    if (order.action === "topup") return { ok: false, reason: "top-up" };
    if (order.status !== "unpaid") return { ok: false, reason: "not-payable" };
    await lockOrderService(tx, order);
    let balance = 0;
    const due = amountDue(order);
    if (due > 0) {
      const posted = await postEntry(tx, {
        userId: order.userId,
        currency: order.currency,
        amount: -due,
        kind: "payment",
        reference: order.orderNo,
        madeBy: input.madeBy,
        now: input.now,
      });
      if (!posted.ok) return { ok: false, reason: "insufficient", balance: posted.balance, order };
      // Paid from the balance before, its order unpaid since: only a reversal could do that, and
      // the order's payment is then a matter for an operator.
      if (posted.repeated) return { ok: false, reason: "not-payable" };
      balance = posted.balance;
    }
    const moved = await transitionOrder(tx, "pay", {
      orderNo: order.orderNo,
      userId: order.userId,
      now: input.now,
      payMethod: "balance",
      emitEvent: input.emitEvent,
    });
    // The row is locked and was unpaid: the move cannot fail; if it did, nothing is kept.
    if (!moved.ok) throw new Error(`order ${order.orderNo} could not be paid from the balance (${moved.reason})`);
    return { ok: true, order: moved.order, balance };
  });
}
