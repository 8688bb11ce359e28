import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizPayNotify } from "../../db/schema.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import { type AlipayChannel, parseAlipayAmount } from "./alipay-channel.ts";

/** Only these mean the buyer has paid (TRADE_FINISHED also comes when the refund window ends). */
const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

/** Alipay takes yuan: online payment is for orders in CNY. */
export const ALIPAY_CURRENCY = "CNY";

export type NotificationOutcome = "paid" | "duplicate" | "ignored" | "paidAfterClose" | `rejected:${string}`;

/**
 * An Alipay notification, handled as Alipay requires: signature (RSA2 only), then app id, seller,
 * order and amount against the order as created; only TRADE_SUCCESS / TRADE_FINISHED pay it, once.
 * Every notification is kept with what became of it. Answers whether to acknowledge (`success`).
 */
export async function handleAlipayNotification(
  db: Db,
  channel: AlipayChannel,
  fields: Record<string, string>,
  now: Date,
): Promise<{ acknowledge: boolean; outcome: NotificationOutcome }> {
  const outcome = await judge(db, channel, fields, now);
  await db.insert(bizPayNotify).values({
    channel: "alipay",
    orderNo: typeof fields.out_trade_no === "string" ? fields.out_trade_no.slice(0, 64) : null,
    tradeStatus: typeof fields.trade_status === "string" ? fields.trade_status.slice(0, 32) : null,
    outcome,
    raw: fields,
    receivedAt: now,
  });
  // A forged or mismatched notification is not acknowledged; everything we acted on (or had
  // already acted on) is, so that Alipay stops repeating it.
  return { acknowledge: !outcome.startsWith("rejected:"), outcome };
}

async function judge(
  db: Db,
  channel: AlipayChannel,
  fields: Record<string, string>,
  now: Date,
): Promise<NotificationOutcome> {
  if (fields.sign_type !== "RSA2") return "rejected:sign_type";
  if (!channel.verify(fields)) return "rejected:signature";
  if (fields.app_id !== channel.settings.appId) return "rejected:app_id";
  if (fields.seller_id !== channel.settings.sellerId) return "rejected:seller_id";
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, String(fields.out_trade_no ?? "")));
  if (!order) return "rejected:order";
  const amount = parseAlipayAmount(fields.total_amount);
  if (order.currency !== ALIPAY_CURRENCY || amount !== order.amount) return "rejected:amount";
  if (!PAID_STATUSES.has(fields.trade_status ?? "")) return "ignored";
  return settle(db, order.orderNo, fields.trade_no ?? "", now);
}

/** unpaid → paid with Alipay's trade number; a repeat changes nothing. */
async function settle(db: Db, orderNo: string, tradeNo: string, now: Date): Promise<NotificationOutcome> {
  const moved = await transitionOrder(db, "pay", { orderNo, now, tradeNo });
  if (moved.ok) return "paid";
  const [order] = await db
    .select({ status: bizOrder.status, tradeNo: bizOrder.tradeNo })
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, orderNo));
  if (order?.status === "paid" || order?.status === "refunded") return "duplicate";
  // Money arrived for an order that had closed: it needs an operator (refund or reopen).
  return "paidAfterClose";
}

/**
 * For an Alipay order still unpaid: asks Alipay whether it was paid (a notification may have been
 * lost) and settles it if so. Answers whether the order is paid now.
 */
export async function settleByQuery(db: Db, channel: AlipayChannel, orderNo: string, now: Date): Promise<boolean> {
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")));
  if (!order || order.payMethod === "offline" || order.currency !== ALIPAY_CURRENCY) return false;
  const trade = await channel.query(orderNo);
  if (!trade || !PAID_STATUSES.has(trade.tradeStatus) || trade.amount !== order.amount) return false;
  return (await settle(db, orderNo, trade.tradeNo, now)) !== "paidAfterClose";
}
