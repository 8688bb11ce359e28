import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizBalance, bizOrder } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { postEntry } from "../balance/balance-ledger.ts";
import { lockService } from "../services/service-records.ts";
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

/** Thrown inside the payment's transaction to undo the purchase's work: the balance did not pay. */
class NotPaid extends Error {
  readonly result: BalancePayment;
  constructor(result: BalancePayment) {
    super("not paid from the balance");
    this.result = result;
  }
}

/**
 * Pays an unpaid order in full from its owner's balance in the order's currency (what is still due
 * when a part was already held from it for a channel payment): the order's row locked, then its
 * package's, the order moved to paid by the one way orders are paid (its service, invoice, mail and
 * events follow as for any payment), and last the payment posted to the ledger (once per order),
 * all in one transaction. The balance's row is locked last, for the few statements of the debit
 * and the commit: payments from one balance queue for that only, not for the whole purchase.
 * Nothing is debited unless the order is paid, nothing is paid unless it is debited, and an order
 * is paid once however many times this runs at once (the customer twice, the renewal job beside them).
 */
export async function payFromBalance(db: Db | Tx, input: BalancePaymentInput): Promise<BalancePayment> {
  // In the caller's transaction when given one (the automatic renewal claims its attempt in it).
  const paying = (db as Db).transaction(async (tx): Promise<BalancePayment> => {
    const [order] = await tx
      .select()
      .from(bizOrder)
      .where(and(eq(bizOrder.orderNo, input.orderNo), eq(bizOrder.userId, input.userId)))
      .for("update");
    if (!order) return { ok: false, reason: "missing" };
    // A top-up is never paid by the balance it would credit (FOSSBilling #2988: funds consumed by their own top-up).
    if (order.action === "topup") return { ok: false, reason: "top-up" };
    if (order.status !== "unpaid") return { ok: false, reason: "not-payable" };
    await lockService(tx, order.serviceOrderNo ?? order.orderNo);
    const due = amountDue(order);
    // A balance plainly short is told at once, without the purchase's work (the debit decides).
    if (due > 0) {
      const [kept] = await tx
        .select({ amount: bizBalance.amount })
        .from(bizBalance)
        .where(and(eq(bizBalance.userId, order.userId), eq(bizBalance.currency, order.currency)));
      if ((kept?.amount ?? 0) < due) return { ok: false, reason: "insufficient", balance: kept?.amount ?? 0, order };
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
    if (due <= 0) return { ok: true, order: moved.order, balance: 0 };
    const posted = await postEntry(tx, {
      userId: order.userId,
      currency: order.currency,
      amount: -due,
      kind: "payment",
      reference: order.orderNo,
      madeBy: input.madeBy,
      now: input.now,
    });
    // Spent meanwhile by another payment: the purchase is undone.
    if (!posted.ok) throw new NotPaid({ ok: false, reason: "insufficient", balance: posted.balance, order });
    // Paid from the balance before, its order unpaid since: only a reversal could do that, and
    // the order's payment is then a matter for an operator.
    if (posted.repeated) throw new NotPaid({ ok: false, reason: "not-payable" });
    return { ok: true, order: moved.order, balance: posted.balance };
  });
  return paying.catch((error: unknown) => {
    if (error instanceof NotPaid) return error.result;
    throw error;
  });
}
