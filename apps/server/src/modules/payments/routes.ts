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
import type { AlipayChannel } from "./alipay-channel.ts";
import { ALIPAY_CURRENCY, handleAlipayNotification } from "./service.ts";

const NOTIFY_PATH = "/prod-api/order/pay/notify/alipay";

/** How money is taken: Alipay's cashier when it is configured, offline settlement always. */
export async function paymentRoutes(
  app: FastifyInstance,
  { db, now, alipay }: { db: Db; now: () => Date; alipay?: AlipayChannel | undefined },
) {
  app.get(
    "/prod-api/order/pay/order/describePayChannel",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(PayChannels) } } },
    async (request) =>
      ok(request, {
        online: Boolean(alipay),
        methods: alipay ? ["alipay" as const, "offline" as const] : ["offline" as const],
      }),
  );

  /**
   * Starts paying one of the caller's unpaid orders online: answers the address of Alipay's
   * cashier. Without Alipay (or for an order not in CNY) it answers that online payment is not
   * supported, with the prompt to choose the Alipay method of the user's country.
   */
  app.post<{ Params: { orderNo: string } }>(
    "/prod-api/order/pay/order/payOrder/:orderNo",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ orderNo: Type.String({ pattern: "^[0-9]{8,32}$" }) }),
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
      if (!alipay || order.currency !== ALIPAY_CURRENCY) throw new AppError(409, "payment_unavailable");
      await db.update(bizOrder).set({ payMethod: "alipay" }).where(eq(bizOrder.orderNo, orderNo));
      const origin = `${request.protocol}://${request.host}`;
      const url = alipay.payUrl(
        { orderNo, amount: order.amount, subject: `${order.product.toUpperCase()} ${orderNo}` },
        {
          notifyUrl: alipay.settings.notifyUrl ?? `${origin}${NOTIFY_PATH}`,
          returnUrl: `${origin}/paySuccess?${new URLSearchParams({ orderNo })}`,
        },
      );
      return ok(request, { url });
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
      NOTIFY_PATH,
      { config: { access: "public" }, schema: { body: Type.Record(Type.String(), Type.String()) } },
      async (request, reply) => {
        reply.type("text/plain; charset=utf-8");
        if (!alipay) return reply.code(404).send("failure");
        const { acknowledge, outcome } = await handleAlipayNotification(db, alipay, request.body, now());
        if (!acknowledge) request.log.warn({ outcome }, "Alipay notification refused");
        return reply.send(acknowledge ? "success" : "failure");
      },
    );
  });
}
