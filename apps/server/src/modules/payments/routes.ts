import formbody from "@fastify/formbody";
import { Ok, PayChannels, PaymentStart } from "@rampart/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import type { OrderEvents } from "../orders/order-events.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { AlipayChannel } from "./alipay-channel.ts";
import { AntomChannel } from "./antom-channel.ts";
import type { OnlineMethod, PaymentChannels } from "./payment-channel.ts";
import { handleAlipayNotification, handleAntomNotification, settleByQuery } from "./service.ts";

/** Where each channel posts its notifications (unless its *_NOTIFY_URL says otherwise). */
const NOTIFY_PATHS: Record<OnlineMethod, string> = {
  alipay: "/prod-api/order/pay/notify/alipay",
  alipayGlobal: "/prod-api/order/pay/notify/antom",
};

/** Antom's acknowledgement: anything else makes it send the notification again. */
const ANTOM_RECEIVED = { result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" } };
const ANTOM_REFUSED = { result: { resultCode: "PROCESS_FAIL", resultStatus: "F", resultMessage: "refused" } };

/**
 * How money is taken: Alipay's cashier and International Alipay (Antom) when they are configured,
 * offline settlement always.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  {
    db,
    now,
    payments,
    events,
  }: { db: Db; now: () => Date; payments: PaymentChannels; events?: OrderEvents | undefined },
) {
  const alipay = payments.for("alipay");
  const antom = payments.for("alipayGlobal");
  app.get(
    "/prod-api/order/pay/order/describePayChannel",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(PayChannels) } } },
    async (request) =>
      ok(request, { online: payments.methods.length > 0, methods: [...payments.methods, "offline" as const] }),
  );

  /**
   * Starts paying one of the caller's unpaid orders online with the method chosen (by default the
   * order's own, else the first that takes its currency): answers the address of the channel's
   * cashier. Without that channel (or for a
   * currency it does not take) it answers that online payment is not supported, with the prompt to
   * choose the Alipay method of the user's country.
   */
  app.post<{ Params: { orderNo: string }; Querystring: { method?: OnlineMethod } }>(
    "/prod-api/order/pay/order/payOrder/:orderNo",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ orderNo: Type.String({ pattern: "^[0-9]{8,32}$" }) }),
        querystring: Type.Object({
          method: Type.Optional(Type.Union([Type.Literal("alipay"), Type.Literal("alipayGlobal")])),
        }),
        response: { 200: Ok(PaymentStart) },
      },
    },
    async (request) => {
      const { orderNo } = request.params;
      const [order] = await db
        .select()
        .from(bizOrder)
        .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.userId, principalOf(request).userId)));
      if (!order) throw new NotFoundError("order_not_found");
      if (order.status !== "unpaid") throw new AppError(409, "order_not_unpaid");
      // The method asked for; else the order's own; else the first that takes the order's currency.
      const method =
        request.query.method ??
        (payments.for(order.payMethod)?.accepts(order.currency)
          ? (order.payMethod as OnlineMethod)
          : payments.methods.find((m) => payments.for(m)?.accepts(order.currency)));
      const channel = method ? payments.for(method) : undefined;
      if (!method || !channel?.accepts(order.currency)) throw new AppError(409, "payment_unavailable");
      // Switching channels: the other channel's cashier is closed first (one live cashier per order),
      // unless it was paid meanwhile.
      const previous = order.payMethod !== method ? payments.for(order.payMethod) : undefined;
      if (previous) {
        try {
          if (await settleByQuery(db, payments, orderNo, now(), events)) throw new AppError(409, "order_not_unpaid");
          await previous.close(orderNo);
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.error({ err: error, orderNo }, "could not close the other channel's trade");
          throw new AppError(502, "payment_failed");
        }
      }
      const [switched] = await db
        .update(bizOrder)
        .set({ payMethod: method })
        .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.status, "unpaid")))
        .returning({ orderNo: bizOrder.orderNo });
      if (!switched) throw new AppError(409, "order_not_unpaid");
      // From the order's site record: never a host the request merely claims.
      const origin = await siteOrigin(db, order.siteId, request);
      const charge = {
        orderNo,
        amount: order.amount,
        currency: order.currency,
        subject: `${order.product.toUpperCase()} ${orderNo}`,
      };
      const urls = {
        notifyUrl: `${origin}${NOTIFY_PATHS[method]}`,
        returnUrl: `${origin}/paySuccess?${new URLSearchParams({ orderNo })}`,
      };
      try {
        return ok(request, { url: await channel.start(charge, urls) });
      } catch (error) {
        request.log.error({ err: error, orderNo, method }, "could not open the payment channel's cashier");
        throw new AppError(502, "payment_failed");
      }
    },
  );

  // Alipay posts a form; only this route reads one.
  await app.register(async (notify) => {
    await notify.register(formbody, { bodyLimit: 16 * 1024 });
    /**
     * Alipay's asynchronous notification: no session, the answer is exactly `success` once the
     * order's state is stored (anything else makes Alipay try again).
     */
    notify.post<{ Body: Record<string, string> }>(
      NOTIFY_PATHS.alipay,
      { config: { access: "public" }, schema: { body: Type.Record(Type.String(), Type.String()) } },
      async (request, reply) => {
        reply.type("text/plain; charset=utf-8");
        if (!(alipay instanceof AlipayChannel)) return reply.code(404).send("failure");
        const { acknowledge, outcome } = await handleAlipayNotification(db, alipay, request.body, now(), events);
        if (!acknowledge) request.log.warn({ outcome }, "Alipay notification refused");
        return reply.send(acknowledge ? "success" : "failure");
      },
    );
  });

  // Antom posts JSON whose signature covers the exact bytes: this route keeps them as they came.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      ["application/json", "text/plain"],
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    /**
     * Antom's notification of a payment (International Alipay): no session; answered with Antom's
     * acknowledgement once the order's state is stored, with a refusal (to be sent again) otherwise.
     */
    notify.post<{ Body: string }>(
      NOTIFY_PATHS.alipayGlobal,
      { config: { access: "public" } },
      async (request, reply) => {
        if (!(antom instanceof AntomChannel)) return reply.code(404).send(ANTOM_REFUSED);
        const path = antom.settings.notifyUrl
          ? (({ pathname, search }) => pathname + search)(new URL(antom.settings.notifyUrl))
          : request.url;
        const body = typeof request.body === "string" ? request.body : "";
        const { acknowledge, outcome } = await handleAntomNotification(
          db,
          antom,
          { path, headers: request.headers, body },
          now(),
          events,
        );
        if (!acknowledge) request.log.warn({ outcome }, "Antom notification refused");
        return reply.send(acknowledge ? ANTOM_RECEIVED : ANTOM_REFUSED);
      },
    );
  });
}
