import type { PayMethod } from "@rampart/contracts";

/** The online methods: every method but offline settlement has a channel behind it. */
export type OnlineMethod = Exclude<PayMethod, "offline" | "balance">;

/** A trade as the channel has it. */
export interface TradeState {
  /** Whether the buyer has paid (the channel's own status, judged by the channel). */
  paid: boolean;
  /** The channel's number for the payment (Alipay's trade_no, Antom's paymentId). */
  tradeNo: string;
  /** What was paid, in the order's minor units; null when the channel did not say. */
  amount: number | null;
  currency: string | null;
}

/** An order as a channel needs it to take money. */
export interface ChargeRequest {
  orderNo: string;
  amount: number;
  currency: string;
  subject: string;
}

/** A notification as it arrived at the channel's address: the path posted to, the headers, the raw body. */
export interface IncomingNotification {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * What a channel read from a notification: why it refuses it (a signature that does not hold, an
 * account that is not ours), or the payment it reports, to be checked against the order.
 */
export type NotificationReading =
  | { refused: string }
  | {
      refused?: undefined;
      orderNo: string;
      /** Whether the channel says the buyer has paid (other notifications are kept and ignored). */
      paid: boolean;
      /** The channel's number for the payment; "" when the notification has none. */
      tradeNo: string;
      /** What was paid, in minor units, and its currency; null when unreadable. */
      amount: { minor: number; currency: string } | null;
    };

/** How a notification is kept (every one is, with what became of it): what nobody signed, briefly. */
export interface NotificationRecord {
  orderNo: string | null;
  tradeStatus: string | null;
  raw: Record<string, unknown>;
}

/**
 * One way of taking money online (Alipay, International Alipay through Antom): the cashier page,
 * and the trade calls a lost notification, a stale order and a refund need.
 */
export interface PaymentChannel {
  readonly method: OnlineMethod;
  /** Whether the channel takes money in this currency. */
  accepts(currency: string): boolean;
  /** The address of the channel's cashier for this order. */
  start(order: ChargeRequest, urls: { notifyUrl: string; returnUrl: string }): Promise<string>;
  /** The trade as the channel has it; null when it has none for the order. */
  query(orderNo: string): Promise<TradeState | null>;
  /** Closes the unpaid trade so that it can no longer take money (no trade: nothing to do). */
  close(orderNo: string): Promise<void>;
  /** Gives the whole amount back; a retry refunds once. */
  refund(order: { orderNo: string; amount: number; currency: string; tradeNo: string }): Promise<void>;
  /** The channel's name in the notification log. */
  readonly logName: string;
  /** Where the channel posts its notifications on this server. */
  readonly notifyPath: string;
  /** The media types its notifications come as (read raw: a signature may cover the exact bytes). */
  readonly notifyMediaTypes: readonly string[];
  /** Reads and verifies a notification, and says how to keep it. */
  readNotification(incoming: IncomingNotification): { reading: NotificationReading; record: NotificationRecord };
  /** The answer the channel expects: an acknowledgement, or a refusal that makes it send again. */
  notificationAnswer(acknowledge: boolean): { contentType: string; body: string };
}

/** The channels configured on this server, by method. */
export class PaymentChannels {
  readonly #byMethod: Map<OnlineMethod, PaymentChannel>;
  constructor(channels: readonly PaymentChannel[]) {
    this.#byMethod = new Map(channels.map((channel) => [channel.method, channel]));
  }

  /** The channel of an order's method; undefined for offline settlement or a method not configured. */
  for(method: string): PaymentChannel | undefined {
    return this.#byMethod.get(method as OnlineMethod);
  }

  /** Every channel configured. */
  get all(): PaymentChannel[] {
    return [...this.#byMethod.values()];
  }

  /** The online methods configured, in the order the order page offers them. */
  get methods(): OnlineMethod[] {
    return (["alipayGlobal", "alipay"] as const).filter((method) => this.#byMethod.has(method));
  }
}
