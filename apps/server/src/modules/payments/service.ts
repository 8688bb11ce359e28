import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizPayNotify } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { moneyWords } from "../../http/money-words.ts";
import { amountDue, holdBalancePart } from "../orders/balance-hold.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import type {
  IncomingNotification,
  NotificationReading,
  OnlineMethod,
  PaymentChannel,
  PaymentChannels,
} from "./payment-channel.ts";

export type NotificationOutcome =
  | "paid"
  | "duplicate"
  | "ignored"
  | "paidAfterClose"
  | "paidTwice"
  | `rejected:${string}`;

/**
 * A channel's notification: read and verified by the channel, then checked against the order as
 * created (the order, the amount due through the channel and the currency); only a payment the
 * channel says was made pays it, once. Every notification is kept with what became of it. Answers
 * whether to acknowledge.
 */
export async function handleNotification(
  db: Db,
  channel: PaymentChannel,
  incoming: IncomingNotification,
  now: Date,
  emitEvent?: EmitEvent,
): Promise<{ acknowledge: boolean; outcome: NotificationOutcome }> {
  const { reading, record } = channel.readNotification(incoming);
  const outcome = await judge(db, channel.method, reading, now, emitEvent);
  await db.insert(bizPayNotify).values({
    channel: channel.logName,
    ...record,
    outcome,
    receivedAt: now,
  });
  // A forged or mismatched notification is not acknowledged; everything we acted on (or had
  // already acted on) is, so that the channel stops repeating it.
  return { acknowledge: !outcome.startsWith("rejected:"), outcome };
}

async function judge(
  db: Db,
  method: OnlineMethod,
  reading: NotificationReading,
  now: Date,
  emitEvent: EmitEvent | undefined,
): Promise<NotificationOutcome> {
  if (reading.refused !== undefined) return `rejected:${reading.refused}`;
  const [order] = await db.select().from(bizOrder).where(eq(bizOrder.orderNo, reading.orderNo));
  if (!order) return "rejected:order";
  const paid = channelPaid(order, reading.amount?.minor ?? null);
  if (!paid || reading.amount?.currency !== order.currency) return "rejected:amount";
  if (!reading.paid) return "ignored";
  if (!reading.tradeNo) return "rejected:trade_no";
  return settle(db, order.orderNo, reading.tradeNo, method, now, emitEvent, paid === "whole");
}

/**
 * What a channel's amount pays of an order: the rest beside the part held from the balance, or the
 * whole amount (a cashier opened before a part was held was paid after all: the part goes back to
 * the balance); anything else is not this order's payment.
 */
function channelPaid(order: typeof bizOrder.$inferSelect, minor: number | null): "rest" | "whole" | null {
  if (minor === amountDue(order)) return order.balanceHeld > 0 ? "rest" : "whole";
  return minor === order.amount ? "whole" : null;
}

/**
 * unpaid → paid with the channel's trade number, the order's method becoming the channel that was
 * paid; a repeat of the same payment changes nothing. A second payment of an order already paid
 * (through the other channel) is told apart, for an operator to refund.
 */
async function settle(
  db: Db,
  orderNo: string,
  tradeNo: string,
  payMethod: OnlineMethod,
  now: Date,
  emitEvent: EmitEvent | undefined,
  wholeByChannel: boolean,
): Promise<NotificationOutcome> {
  const moved = await transitionOrder(db, "pay", { orderNo, now, tradeNo, payMethod, emitEvent, wholeByChannel });
  if (moved.ok) return "paid";
  const [order] = await db
    .select({ status: bizOrder.status, tradeNo: bizOrder.tradeNo })
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, orderNo));
  if (order?.status === "paid" || order?.status === "refunded")
    return order.tradeNo === tradeNo ? "duplicate" : "paidTwice";
  // Money arrived for an order that had closed: it needs an operator (refund or reopen).
  return "paidAfterClose";
}

/**
 * For an order still unpaid that was meant for an online channel: asks the channel whether it was
 * paid (a notification may have been lost) and settles it if so. Answers whether it is paid now.
 */
export async function settleByQuery(
  db: Db,
  channels: PaymentChannels,
  orderNo: string,
  now: Date,
  emitEvent?: EmitEvent,
): Promise<boolean> {
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")));
  const channel = order ? channels.for(order.payMethod) : undefined;
  if (!order || !channel?.accepts(order.currency)) return false;
  const trade = await channel.query(orderNo);
  const paid = trade?.paid && trade.tradeNo ? channelPaid(order, trade.amount) : null;
  if (!trade || !paid || (trade.currency ?? order.currency) !== order.currency) return false;
  const outcome = await settle(db, orderNo, trade.tradeNo, channel.method, now, emitEvent, paid === "whole");
  // The channel's word kept as a notification's is (the balance reconciliation looks for it).
  await db.insert(bizPayNotify).values({
    channel: channel.logName,
    orderNo,
    tradeStatus: "QUERY",
    outcome,
    raw: { source: "query", tradeNo: trade.tradeNo, amount: trade.amount, currency: trade.currency ?? order.currency },
    receivedAt: now,
  });
  return outcome === "paid" || outcome === "duplicate";
}

/**
 * Starts paying one of a customer's unpaid orders online with the method chosen (by default the
 * order's own, else the first that takes its currency): answers the address of the channel's
 * cashier. 409 payment_unavailable without such a channel (or for a currency it does not take).
 * Switching channels closes the other channel's cashier first (one live cashier per order),
 * unless it was paid meanwhile. With `useBalance`, what the customer's balance holds is first taken
 * as the order's part from the balance (balance-hold.ts) and the cashier asks for the rest; a
 * balance that covers the whole order is refused (409 balance_covers: pay it from the balance).
 */
export async function startPayment(
  deps: {
    db: Db;
    payments: PaymentChannels;
    now: () => Date;
    emitEvent?: EmitEvent | undefined;
    log: FastifyBaseLogger;
  },
  asked: {
    orderNo: string;
    userId: number;
    /** The customer's user name, for the ledger's entry of a part held. */
    madeBy: string;
    method?: OnlineMethod | undefined;
    useBalance?: boolean | undefined;
  },
  originOf: (siteId: number | null) => Promise<string>,
): Promise<string> {
  const { db, payments, now, emitEvent, log } = deps;
  const { orderNo } = asked;
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.userId, asked.userId)));
  if (!order) throw new NotFoundError("order_not_found");
  if (order.status !== "unpaid") throw new AppError(409, "order_not_unpaid");
  const method =
    asked.method ??
    (payments.for(order.payMethod)?.accepts(order.currency)
      ? (order.payMethod as OnlineMethod)
      : payments.methods.find((m) => payments.for(m)?.accepts(order.currency)));
  const channel = method ? payments.for(method) : undefined;
  if (!method || !channel?.accepts(order.currency)) throw new AppError(409, "payment_unavailable");
  const previous = order.payMethod !== method ? payments.for(order.payMethod) : undefined;
  if (previous) {
    try {
      if (await settleByQuery(db, payments, orderNo, now(), emitEvent)) throw new AppError(409, "order_not_unpaid");
      await previous.close(orderNo);
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error, orderNo }, "could not close the other channel's trade");
      throw new AppError(502, "payment_failed");
    }
  }
  const switched = await db.transaction(async (tx) => {
    const [unpaid] = await tx
      .select()
      .from(bizOrder)
      .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")))
      .for("update");
    if (!unpaid) throw new AppError(409, "order_not_unpaid");
    if (asked.useBalance) {
      const held = await holdBalancePart(tx, unpaid, { madeBy: asked.madeBy, now: now() });
      if (!held.ok && held.reason === "released") throw new AppError(409, "balance_part_released");
      if (!held.ok)
        throw new AppError(409, "balance_covers", {
          balance: moneyWords(held.balance, unpaid.currency),
          amount: moneyWords(unpaid.amount, unpaid.currency),
        });
    }
    const [row] = await tx.update(bizOrder).set({ payMethod: method }).where(eq(bizOrder.orderNo, orderNo)).returning();
    return row!;
  });
  const origin = await originOf(order.siteId);
  const charge = {
    orderNo,
    amount: amountDue(switched),
    currency: order.currency,
    subject: `${order.product.toUpperCase()} ${orderNo}`,
  };
  const urls = {
    notifyUrl: `${origin}${channel.notifyPath}`,
    returnUrl: `${origin}/paySuccess?${new URLSearchParams({ orderNo })}`,
  };
  try {
    return await channel.start(charge, urls);
  } catch (error) {
    log.error({ err: error, orderNo, method }, "could not open the payment channel's cashier");
    // A part held stays with the order: another cashier (a second click's, already open) may be
    // asking for the rest, and the next one asks for the same rest. It goes back when the order
    // closes unpaid: an unpaid order's part only ever goes back by closing (or with the whole
    // amount paid), so what a notification was judged to pay before its order was locked stands.
    throw new AppError(502, "payment_failed");
  }
}
