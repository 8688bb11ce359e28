import type { EmitEvent } from "../../events/app-events.ts";

/** A paid order as a refund needs it. */
export interface RefundableOrder {
  orderNo: string;
  payMethod: string;
  amount: number;
  currency: string;
  tradeNo: string;
}

/**
 * What orders ask of the payment channels, without knowing them: the payments module implements
 * it (payments/order-payments.ts) and app.ts hands it to the orders module (its routes and its
 * unpaid-order closer), so that orders never import payments.
 */
export interface OrderPayments {
  /** Whether the order's method is paid online (and so can be asked about). */
  online(payMethod: string): boolean;
  /**
   * Asks the order's channel whether an unpaid order was paid after all (its notification lost or
   * not yet arrived) and settles it if so. False when it was not, or there is no channel.
   */
  settleByQuery(orderNo: string, now: Date, emitEvent?: EmitEvent): Promise<boolean>;
  /**
   * Before an unpaid online order is closed (left too long, cancelled, closed by an operator): "paid" when its channel says it
   * was paid after all (settled now), else "unpaid" once its online trade is closed. Throws when the
   * channel cannot be reached: the order waits for the next sweep rather than be closed blind.
   */
  settleOrCloseTrade(payMethod: string, orderNo: string, now: Date, emitEvent?: EmitEvent): Promise<"paid" | "unpaid">;
  /** Gives an online payment back through its channel: 409 payment_unavailable, 502 payment_failed. */
  refund(order: RefundableOrder): Promise<void>;
}
