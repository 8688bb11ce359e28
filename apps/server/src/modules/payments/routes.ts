import { Ok, OrderNo, PayChannels, PaymentStart } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import type { OnlineMethod, PaymentChannels } from "./payment-channel.ts";
import { handleNotification, startPayment } from "./service.ts";

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
    emitEvent,
  }: { db: Db; now: () => Date; payments: PaymentChannels; emitEvent?: EmitEvent | undefined },
) {
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
  app.post<{ Params: { orderNo: string }; Querystring: { method?: OnlineMethod; useBalance?: boolean } }>(
    "/prod-api/order/pay/order/payOrder/:orderNo",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ orderNo: OrderNo() }),
        querystring: Type.Object({
          method: Type.Optional(Type.Union([Type.Literal("alipay"), Type.Literal("alipayGlobal")])),
          /** Take what the balance holds as the order's part and ask the channel for the rest. */
          useBalance: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Ok(PaymentStart) },
      },
    },
    async (request) => {
      const url = await startPayment(
        { db, payments, now, emitEvent, log: request.log },
        {
          orderNo: request.params.orderNo,
          userId: principalOf(request).userId,
          madeBy: principalOf(request).userName,
          method: request.query.method,
          useBalance: request.query.useBalance,
        },
        // From the order's site record: never a host the request merely claims.
        (siteId) => siteOrigin(db, siteId, request),
      );
      return ok(request, { url });
    },
  );

  // Each channel's notifications, read raw (Antom signs the exact bytes; Alipay's form is read by
  // its channel): no session, answered as the channel expects once the order's state is stored.
  for (const channel of payments.all) {
    await app.register(async (notify) => {
      notify.removeAllContentTypeParsers();
      notify.addContentTypeParser(
        [...channel.notifyMediaTypes],
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, body),
      );
      notify.post<{ Body: string }>(channel.notifyPath, { config: { access: "public" } }, async (request, reply) => {
        const body = typeof request.body === "string" ? request.body : "";
        const incoming = { path: request.url, headers: request.headers, body };
        const { acknowledge, outcome } = await handleNotification(db, channel, incoming, now(), emitEvent);
        if (!acknowledge) request.log.warn({ outcome, method: channel.method }, "payment notification refused");
        const answer = channel.notificationAnswer(acknowledge);
        return reply.type(answer.contentType).send(answer.body);
      });
    });
  }
}
