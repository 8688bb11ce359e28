import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizPayNotify } from "../../db/schema.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import type { OrderEvents } from "../orders/order-events.ts";
import { ALIPAY_CURRENCY, ALIPAY_PAID_STATUSES, type AlipayChannel, parseAlipayAmount } from "./alipay-channel.ts";
import { type AntomChannel, parseAntomAmount } from "./antom-channel.ts";
import type { OnlineMethod, PaymentChannels } from "./payment-channel.ts";

export type NotificationOutcome =
  | "paid"
  | "duplicate"
  | "ignored"
  | "paidAfterClose"
  | "paidTwice"
  | `rejected:${string}`;

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
  events?: OrderEvents,
): Promise<{ acknowledge: boolean; outcome: NotificationOutcome }> {
  const outcome = await judge(db, channel, fields, now, events);
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
  events: OrderEvents | undefined,
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
  if (!ALIPAY_PAID_STATUSES.has(fields.trade_status ?? "")) return "ignored";
  if (!fields.trade_no) return "rejected:trade_no";
  return settle(db, order.orderNo, fields.trade_no, "alipay", now, events);
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
  events: OrderEvents | undefined,
): Promise<NotificationOutcome> {
  const moved = await transitionOrder(db, "pay", { orderNo, now, tradeNo, payMethod, events });
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

/** A notification of Antom's as it arrived: the path it was posted to, its headers, its raw body. */
export interface AntomNotification {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An Antom notification (International Alipay), handled as Antom requires: signature first (our
 * client id, RSA256 over path, time and raw body), then the order and the amount and currency
 * against the order as created; only a PAYMENT_RESULT with resultStatus S pays it, once. Every
 * notification is kept. Answers whether to acknowledge.
 */
export async function handleAntomNotification(
  db: Db,
  channel: AntomChannel,
  notification: AntomNotification,
  now: Date,
  events?: OrderEvents,
): Promise<{ acknowledge: boolean; outcome: NotificationOutcome }> {
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(notification.body);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
  } catch {
    // Kept below as it came, with what became of it.
  }
  const outcome = await judgeAntom(db, channel, notification, fields, now, events);
  // What nobody signed is kept as a short excerpt, tied to no order: anyone can post here.
  const signed = outcome !== "rejected:signature";
  const orderNo = signed && typeof fields.paymentRequestId === "string" ? fields.paymentRequestId.slice(0, 64) : null;
  const result = fields.result as { resultStatus?: unknown } | undefined;
  const status = `${String(fields.notifyType ?? "")}:${String(result?.resultStatus ?? "")}`.slice(0, 32);
  await db.insert(bizPayNotify).values({
    channel: "antom",
    orderNo,
    tradeStatus: status,
    outcome,
    raw: signed && Object.keys(fields).length > 0 ? fields : { excerpt: notification.body.slice(0, 512) },
    receivedAt: now,
  });
  return { acknowledge: !outcome.startsWith("rejected:"), outcome };
}

async function judgeAntom(
  db: Db,
  channel: AntomChannel,
  notification: AntomNotification,
  fields: Record<string, unknown>,
  now: Date,
  events: OrderEvents | undefined,
): Promise<NotificationOutcome> {
  if (!channel.verifyNotification(notification.path, notification.headers, notification.body))
    return "rejected:signature";
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(eq(bizOrder.orderNo, String(fields.paymentRequestId ?? "")));
  if (!order) return "rejected:order";
  const amount = parseAntomAmount(fields.paymentAmount);
  if (!amount || amount.minor !== order.amount || amount.currency !== order.currency) return "rejected:amount";
  const result = fields.result as { resultStatus?: unknown } | undefined;
  if (fields.notifyType !== "PAYMENT_RESULT" || result?.resultStatus !== "S") return "ignored";
  if (typeof fields.paymentId !== "string" || !fields.paymentId) return "rejected:payment_id";
  return settle(db, order.orderNo, fields.paymentId, "alipayGlobal", now, events);
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
  events?: OrderEvents,
): Promise<boolean> {
  const [order] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")));
  const channel = order ? channels.for(order.payMethod) : undefined;
  if (!order || !channel?.accepts(order.currency)) return false;
  const trade = await channel.query(orderNo);
  if (!trade?.paid || !trade.tradeNo || trade.amount !== order.amount) return false;
  if ((trade.currency ?? order.currency) !== order.currency) return false;
  const outcome = await settle(db, orderNo, trade.tradeNo, channel.method, now, events);
  return outcome === "paid" || outcome === "duplicate";
}
