import {
  CreateOrderBody,
  MyOrdersQuery,
  MyServicesQuery,
  Ok,
  OperatorOrderView,
  OrderListQuery,
  OrderNo,
  OrderView,
  Page,
  type Permission,
  ServiceView,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page, refusal } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { moneyWords } from "../../http/money-words.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { loadService, serviceView } from "../services/service-records.ts";
import { customerSite } from "../sites/customer-site.ts";
import { siteInstructions } from "../sites/payment-instructions.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { creditedSincePaid } from "./downgrade.ts";
import { MOVE_FROM, type Transition, transitionOrder } from "./lifecycle.ts";
import { listOrders, listOwnOrders, listOwnServices } from "./listing.ts";
import type { MonthsSoFar } from "./months-so-far.ts";
import type { OrderPayments } from "./order-payments.ts";
import type { OrderStore } from "./order-store.ts";
import { refuseBlockedOrdering } from "./ordering-blocked.ts";
import { claimRefund, releaseRefund } from "./refund-claims.ts";
import { createOrder, orderView, ownOrderRow, refundableOnline, siteOrderRow } from "./service.ts";
import { isTopUp, takeBackBeforeRefund, topUpAmount } from "./top-up.ts";

export async function orderRoutes(
  app: FastifyInstance,
  {
    db,
    sites,
    priceLists,
    now,
    payments,
    orders,
    monthsSoFar,
  }: {
    db: Db;
    /** Where new orders are written (grouped). */
    orders: OrderStore;
    sites: SiteDirectory;
    priceLists: PriceLists;
    now: () => Date;
    payments: OrderPayments;
    monthsSoFar: MonthsSoFar;
  },
) {
  /**
   * Creates an unpaid order (a free trial is paid at once). 400 lists what is wrong with the
   * configuration (`data`: field, code and the numbers of each rule) for the page to show.
   */
  app.post<{ Body: CreateOrderBody }>(
    "/prod-api/order/trade/order/createOrder",
    { config: { access: "signed-in" }, schema: { body: CreateOrderBody } },
    async (request, reply) => {
      const refused = refuseBlockedOrdering(request, reply);
      if (refused) return refused;
      const principal = principalOf(request);
      const site = await customerSite(sites, request.headers.host, principal);
      const result = await createOrder(orders, request.body, {
        userId: principal.userId,
        siteId: site?.siteId ?? principal.siteId,
        agentCode: site?.agentCode ?? "",
        catalogue: await priceLists.forCurrency(site?.currency),
        now: now(),
        confirmedEmail: principal.user.emailVerified ? principal.user.email.toLowerCase() : null,
      });
      if (!result.ok) {
        const couponOnly = result.errors.every((error) => error.field === "coupon");
        const message = translate(request.language, couponOnly ? "coupon_invalid" : "order_invalid");
        return reply.code(400).send(refusal(request, 400, message, result.errors));
      }
      return reply.code(result.created ? 201 : 200).send(ok(request, result.order));
    },
  );

  /**
   * One of the caller's orders (the pay-result page follows its status); an unpaid one with how to
   * pay it offline (its site's instructions in the caller's language).
   */
  app.get<{ Params: { orderNo: string } }>(
    "/prod-api/order/trade/order/describeOrder/:orderNo",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ orderNo: OrderNo() }),
        response: { 200: Ok(OrderView) },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      let row = await ownOrderRow(db, userId, request.params.orderNo);
      if (!row) throw new NotFoundError("order_not_found");
      // Back from the cashier before its notification: ask the channel rather than show "not paid".
      if (row.status === "unpaid" && payments.online(row.payMethod)) {
        const settled = await payments.settleByQuery(row.orderNo, now(), orders.emitEvent).catch((error: unknown) => {
          request.log.warn({ err: error }, "payment channel query failed");
          return false;
        });
        if (settled) row = (await ownOrderRow(db, userId, request.params.orderNo)) ?? row;
      }
      const order = orderView(row);
      if (order.status !== "unpaid") return ok(request, order);
      return ok(request, { ...order, paymentInstructions: await siteInstructions(db, row.siteId, request.language) });
    },
  );

  /** The service a paid order bought (the upgrade page): its configuration, expiry, domains. */
  app.get<{ Params: { oid: string } }>(
    "/prod-api/order/mall/product/describeUpgradeProductByOid/:oid",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ oid: OrderNo() }),
        response: { 200: Ok(ServiceView) },
      },
    },
    async (request) => {
      const service = await loadService(db, principalOf(request).userId, request.params.oid);
      if (!service) throw new NotFoundError("order_not_found");
      return ok(request, serviceView(service, now()));
    },
  );

  const OrderNoParams = Type.Object({ orderNo: OrderNo() });
  /** The operator's note: the body is optional (a bare POST moves the order without one). */
  const noteOf = (body: unknown): string | undefined => {
    const note = (body as { note?: unknown } | null | undefined)?.note;
    if (note === undefined) return undefined;
    if (typeof note !== "string" || note.length > 500) throw new AppError(400, "bad_request");
    return note;
  };
  /** Where a refund goes (the body's `refundTo`): the channel unless the operator chose the balance. */
  const refundToOf = (body: unknown): "channel" | "balance" => {
    const to = (body as { refundTo?: unknown } | null | undefined)?.refundTo;
    if (to === undefined || to === "channel") return "channel";
    if (to === "balance") return "balance";
    throw new AppError(400, "bad_request");
  };
  const conflictMessage = {
    pay: "order_not_unpaid",
    close: "order_not_unpaid_close",
    refund: "order_not_paid",
  } as const;

  /** The refusal of a top-up's refund: the balance no longer holds it. */
  const topUpSpent = async (orderNo: string, balance: number) => {
    const { amount, currency } = await topUpAmount(db, orderNo);
    return new AppError(409, "balance_topup_spent", {
      balance: moneyWords(balance, currency),
      amount: moneyWords(amount, currency),
    });
  };

  /**
   * Before an unpaid order is closed by hand (the customer's cancel, an operator's close), its
   * channel is asked first, as the sweep does: paid meanwhile, it is settled and not closed (409);
   * else its cashier is closed, so that the rest of an order whose part from the balance goes back
   * can no longer be paid. A channel that cannot be reached: 502, nothing closed.
   */
  const closeCashierFirst = async (row: { orderNo: string; payMethod: string }) => {
    if (!payments.online(row.payMethod)) return;
    let outcome: "paid" | "unpaid";
    try {
      outcome = await payments.settleOrCloseTrade(row.payMethod, row.orderNo, now(), orders.emitEvent);
    } catch (error) {
      app.log.warn({ err: error, orderNo: row.orderNo }, "could not close the order's online trade");
      throw new AppError(502, "payment_close_failed");
    }
    if (outcome === "paid") throw new AppError(409, "order_not_unpaid_close");
  };

  /** An operator's move of an order: recorded with who did it and their note; 409 from any other state. */
  const operatorMove = (move: Transition, permission: Permission, path: string) =>
    app.post<{ Params: { orderNo: string } }>(
      path,
      { config: { access: { permission } }, schema: { params: OrderNoParams, response: { 200: Ok(OrderView) } } },
      async (request) => {
        const { orderNo } = request.params;
        const note = noteOf(request.body);
        const principal = principalOf(request);
        const siteId = siteScopeOf(principal);
        const by = principal.userName;
        const refundTo = move === "refund" ? refundToOf(request.body) : undefined;
        // A refund claims the order first: two at once would send its money both ways.
        if (move === "refund" && !(await claimRefund(db, orderNo, now())))
          throw new AppError(409, "refund_in_progress");
        try {
          const result = await moveByOperator(move, { orderNo, note, siteId, by, refundTo });
          request.changed = {
            before: { status: MOVE_FROM[move] },
            after: { status: result.status, note, ...(refundTo ? { refundTo } : {}) },
          };
          return ok(request, orderView(result));
        } finally {
          if (move === "refund") await releaseRefund(db, orderNo);
        }
      },
    );

  /** The move itself, once claimed; a refusal says why in the operator's language. */
  const moveByOperator = async (
    move: Transition,
    input: {
      orderNo: string;
      note: string | undefined;
      siteId: number | null;
      by: string;
      refundTo: "channel" | "balance" | undefined;
    },
  ) => {
    const { orderNo, note, siteId, by, refundTo } = input;
    // A top-up goes back the way it came, never to the balance it was paid into.
    if (refundTo === "balance" && (await isTopUp(db, orderNo, siteId))) throw new AppError(409, "balance_refund_topup");
    // A package made smaller since this order was paid gave part of it back already (downgrade.ts).
    if (move === "refund") {
      const credited = await creditedSincePaid(db, orderNo);
      if (credited)
        throw new AppError(409, "refund_after_downgrade", { credit: moneyWords(credited.credit, credited.currency) });
    }
    // A top-up's credit leaves the balance before its money goes back (top-up.ts).
    if (move === "refund") {
      const taken = await takeBackBeforeRefund(db, { orderNo, siteId }, { madeBy: by, now: now() });
      if (!taken.ok) throw await topUpSpent(orderNo, taken.balance);
    }
    if (move === "close") {
      const row = await siteOrderRow(db, orderNo, siteId);
      if (row?.status === "unpaid") await closeCashierFirst(row);
    }
    // Money paid online goes back through its channel before the order is marked refunded.
    const online = refundTo === "channel" ? await refundableOnline(db, orderNo, siteId) : null;
    if (online) await payments.refund(online);
    const result = await transitionOrder(db, move, {
      orderNo,
      now: now(),
      by,
      note,
      siteId,
      refundTo,
      emitEvent: orders.emitEvent,
    });
    if (!result.ok && result.reason === "missing") throw new NotFoundError("order_not_found");
    if (!result.ok && result.reason === "spent") throw await topUpSpent(orderNo, result.balance);
    if (!result.ok && result.reason === "downgraded") {
      // Downgraded between the check above and now: the channel's refund, if one was made, needs an operator.
      if (online) app.log.error({ orderNo }, "refunded through the channel, but the package was downgraded meanwhile");
      const credited = await creditedSincePaid(db, orderNo);
      throw new AppError(409, "refund_after_downgrade", {
        credit: moneyWords(credited?.credit ?? 0, credited?.currency ?? "CNY"),
      });
    }
    if (!result.ok) throw new AppError(409, conflictMessage[move]);
    return result.order;
  };

  /** An operator records that an order was settled offline: unpaid → paid, exactly once. */
  operatorMove("pay", "business:order:confirm", "/prod-api/order/trade/order/confirmOffline/:orderNo");
  /**
   * paid → refunded: through the payment channel when it was paid online, or to the customer's
   * balance (always for an order paid from it; for any other but a top-up when the operator chose
   * it); the service loses what the order gave.
   */
  operatorMove("refund", "business:order:refund", "/prod-api/order/trade/order/refundOrder/:orderNo");
  /** unpaid → closed by an operator; its coupon can be used again. */
  operatorMove("close", "business:order:close", "/prod-api/order/trade/order/closeOrder/:orderNo");

  /** The orders an operator may see (their site's when bound to one), filtered, a page at a time. */
  app.get<{ Querystring: OrderListQuery }>(
    "/prod-api/order/trade/order/list",
    {
      config: { access: { permission: "business:order:list" } },
      schema: { querystring: OrderListQuery, response: { 200: Page(OperatorOrderView) } },
    },
    async (request) => {
      const { rows, total } = await listOrders(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  /** The caller's own orders (the customer center), a page at a time. */
  app.get<{ Querystring: MyOrdersQuery }>(
    "/prod-api/order/trade/order/myOrders",
    {
      config: { access: "signed-in" },
      schema: { querystring: MyOrdersQuery, response: { 200: Page(OrderView) } },
    },
    async (request) => {
      const { rows, total } = await listOwnOrders(db, principalOf(request).userId, request.query);
      return page(request, rows, total);
    },
  );

  /** The caller's services (the customer center), soonest expiry first, a page at a time. */
  app.get<{ Querystring: MyServicesQuery }>(
    "/prod-api/order/mall/product/myServices",
    {
      config: { access: "signed-in" },
      schema: { querystring: MyServicesQuery, response: { 200: Page(ServiceView) } },
    },
    async (request) => {
      const at = now();
      const { rows, total } = await listOwnServices(db, principalOf(request).userId, request.query, at, (services) =>
        monthsSoFar(services, at),
      );
      return page(request, rows, total);
    },
  );

  /**
   * A customer cancels one of their own unpaid orders (and its online trade, if one was opened); an
   * overage order bills bandwidth already used and is not theirs to cancel (an operator may close it).
   */
  app.post<{ Params: { orderNo: string } }>(
    "/prod-api/order/trade/order/cancelOrder/:orderNo",
    { config: { access: "signed-in" }, schema: { params: OrderNoParams, response: { 200: Ok(OrderView) } } },
    async (request) => {
      const { orderNo } = request.params;
      const userId = principalOf(request).userId;
      const row = await ownOrderRow(db, userId, orderNo);
      if (row?.action === "overage") throw new AppError(409, "order_overage_cancel");
      if (row?.status === "unpaid") await closeCashierFirst(row);
      const result = await transitionOrder(db, "close", { orderNo, now: now(), userId, emitEvent: orders.emitEvent });
      if (!result.ok && result.reason === "missing") throw new NotFoundError("order_not_found");
      if (!result.ok) throw new AppError(409, "order_not_unpaid_close");
      return ok(request, orderView(result.order));
    },
  );
}
