import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { balanceOrderRoutes } from "./balance-routes.ts";
import { closeStaleOrders } from "./close-unpaid-orders.ts";
import { couponOfferRoutes } from "./coupon-offer-routes.ts";
import { downgradeRoutes } from "./downgrade-routes.ts";
import { LEGACY_ORDER_MAIL_QUEUE, ORDER_MAIL_POLICY, orderMails, writeLegacyOrderMails } from "./order-mails.ts";
import { orderRoutes } from "./routes.ts";

const CLOSE_UNPAID_ORDERS = "close-unpaid-orders";

/**
 * Orders: placing them (priced by the engine, coupons taken), their moves (paid, closed, refunded),
 * the customer's mails about them; every minute, orders left unpaid past their time close (an online
 * order's channel is asked first).
 */
export const ordersModule = defineModule({
  name: "orders",
  routes: async (server, { db, sites, priceLists, now, orderPayments, orders, monthsSoFar, emitEvent }) => {
    await server.register(couponOfferRoutes, { db, sites, priceLists, now });
    await server.register(balanceOrderRoutes, { db, sites, now, orders, emitEvent, payments: orderPayments });
    await server.register(downgradeRoutes, { db, priceLists, now, emitEvent });
    await server.register(orderRoutes, {
      db,
      sites,
      priceLists,
      now,
      payments: orderPayments,
      orders,
      monthsSoFar,
    });
  },
  jobs: [
    {
      queue: CLOSE_UNPAID_ORDERS,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, config, orderPayments, log, emitEvent }) => {
        const closed = await closeStaleOrders(db, now(), config.unpaidOrderTtlMs, orderPayments, log, emitEvent);
        if (closed > 0) log.info({ closed }, "closed unpaid orders");
      },
    },
    {
      queue: LEGACY_ORDER_MAIL_QUEUE,
      policy: ORDER_MAIL_POLICY,
      run: (data: Parameters<typeof writeLegacyOrderMails>[1], context) => writeLegacyOrderMails(context, data),
    },
  ],
  schedules: [{ queue: CLOSE_UNPAID_ORDERS, cron: "* * * * *" }],
  on: [orderMails],
});
