import { Ok, OrderNo, OrderView, TopUpBody } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { moneyWords } from "../../http/money-words.ts";
import { topUpBounds } from "../balance/top-up-settings.ts";
import { BASE_CURRENCY } from "../catalogue/service.ts";
import { customerSite } from "../sites/customer-site.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { amountDue } from "./balance-hold.ts";
import type { OrderPayments } from "./order-payments.ts";
import type { OrderStore } from "./order-store.ts";
import { refuseBlockedOrdering } from "./ordering-blocked.ts";
import { payFromBalance } from "./pay-from-balance.ts";
import { orderView, ownOrderRow } from "./service.ts";
import { placeTopUp } from "./top-up.ts";

/** The orders of the balance (issue 41): topping it up, and paying an order from it. */
export async function balanceOrderRoutes(
  app: FastifyInstance,
  {
    db,
    now,
    emitEvent,
    sites,
    orders,
    payments,
  }: {
    db: Db;
    now: () => Date;
    emitEvent: EmitEvent | undefined;
    sites: SiteDirectory;
    orders: OrderStore;
    payments: OrderPayments;
  },
) {
  /**
   * Control center → Balance → Top up: places an unpaid order of action "topup" for the amount, in
   * the currency of the caller's site (another is refused), within the site's bounds; the page then
   * pays it like any order (payOrder, or the bank transfer the answer's order tells of). Paid, it
   * credits the balance once. The same idempotency key answers the top-up already placed (200).
   */
  app.post<{ Body: TopUpBody }>(
    "/prod-api/control/balance/topup",
    {
      config: { access: "signed-in", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { body: TopUpBody, response: { 200: Ok(OrderView), 201: Ok(OrderView) } },
    },
    async (request, reply) => {
      const refused = refuseBlockedOrdering(request, reply);
      if (refused) return refused;
      const principal = principalOf(request);
      const site = await customerSite(sites, request.headers.host, principal);
      const placed = await placeTopUp(orders, request.body, {
        userId: principal.userId,
        siteId: site?.siteId ?? principal.siteId,
        agentCode: site?.agentCode ?? "",
        currency: (site?.currency ?? BASE_CURRENCY).toUpperCase(),
        bounds: await topUpBounds(db),
        now: now(),
      });
      if (!placed.ok && placed.reason === "currency")
        throw new AppError(400, "balance_topup_currency", { currency: placed.currency });
      if (!placed.ok)
        throw new AppError(400, "balance_topup_bounds", {
          min: moneyWords(placed.bounds.min, placed.currency),
          max: moneyWords(placed.bounds.max, placed.currency),
        });
      return reply.code(placed.created ? 201 : 200).send(ok(request, orderView(placed.order)));
    },
  );

  /** Pays one of the caller's unpaid orders in full from their balance in its currency. */
  app.post<{ Params: { orderNo: string } }>(
    "/prod-api/order/pay/order/payFromBalance/:orderNo",
    {
      config: { access: "signed-in", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { params: Type.Object({ orderNo: OrderNo() }), response: { 200: Ok(OrderView) } },
    },
    async (request) => {
      const principal = principalOf(request);
      // A cashier opened for this order (for all of it, or the rest beside a part held) is closed
      // first, so that it cannot take the money the balance pays; paid meanwhile, it stays paid.
      const row = await ownOrderRow(db, principal.userId, request.params.orderNo);
      if (row?.status === "unpaid" && payments.online(row.payMethod)) {
        const settled = await payments
          .settleOrCloseTrade(row.payMethod, row.orderNo, now(), emitEvent)
          .catch((error: unknown) => {
            // The channel unreachable: the balance still pays (a payment at a cashier left open is
            // then told apart as paid twice, for an operator to refund).
            request.log.warn({ err: error, orderNo: row.orderNo }, "could not close the order's online trade");
            return "unpaid" as const;
          });
        if (settled === "paid") throw new AppError(409, "balance_order_not_payable");
      }
      const paid = await payFromBalance(db, {
        orderNo: request.params.orderNo,
        userId: principal.userId,
        madeBy: principal.userName,
        now: now(),
        emitEvent,
      });
      if (!paid.ok) {
        if (paid.reason === "insufficient")
          throw new AppError(409, "balance_insufficient", {
            balance: moneyWords(paid.balance, paid.order.currency),
            amount: moneyWords(amountDue(paid.order), paid.order.currency),
          });
        if (paid.reason === "missing") throw new NotFoundError("order_not_found");
        if (paid.reason === "top-up") throw new AppError(409, "balance_topup_not_payable");
        throw new AppError(409, "balance_order_not_payable");
      }
      return { ...ok(request, orderView(paid.order)), msg: translate(request.language, "balance_paid") };
    },
  );
}
