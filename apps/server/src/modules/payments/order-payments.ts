import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import type { OrderPayments } from "../orders/order-payments.ts";
import type { PaymentChannels } from "./payment-channel.ts";
import { settleByQuery } from "./service.ts";

/** The payment channels as the order routes use them (see orders/order-payments.ts). */
export function orderPayments(db: Db, channels: PaymentChannels, log: FastifyBaseLogger): OrderPayments {
  return {
    online: (payMethod) => channels.for(payMethod) !== undefined,
    settleByQuery: (orderNo, now, emitEvent) => settleByQuery(db, channels, orderNo, now, emitEvent),
    async settleOrCloseTrade(payMethod, orderNo, now, emitEvent) {
      if (await settleByQuery(db, channels, orderNo, now, emitEvent)) return "paid";
      await channels.for(payMethod)?.close(orderNo);
      return "unpaid";
    },
    async refund(order) {
      const channel = channels.for(order.payMethod);
      if (!channel) throw new AppError(409, "payment_unavailable");
      try {
        await channel.refund(order);
      } catch (error) {
        log.error({ err: error, orderNo: order.orderNo }, "refund through the payment channel failed");
        throw new AppError(502, "payment_failed");
      }
    },
  };
}
