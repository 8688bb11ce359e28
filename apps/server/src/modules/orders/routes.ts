import { CreateOrderBody, Ok, OrderView, PayChannels, ServiceView } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { createOrder, markPaid, ownOrder } from "./service.ts";
import { loadService, serviceView } from "./services.ts";

export async function orderRoutes(
  app: FastifyInstance,
  { db, sites, now }: { db: Db; sites: SiteDirectory; now: () => Date },
) {
  /**
   * Creates an unpaid order (a free trial is paid at once). 400 lists what is wrong with the
   * configuration (`data`: field, code and the numbers of each rule) for the page to show.
   */
  app.post<{ Body: CreateOrderBody }>(
    "/prod-api/order/trade/order/createOrder",
    { config: { access: "signed-in" }, schema: { body: CreateOrderBody } },
    async (request, reply) => {
      const principal = principalOf(request);
      const site = await sites.siteForHostHeader(request.headers.host);
      const result = await createOrder(db, request.body, {
        userId: principal.userId,
        siteId: site?.siteId ?? principal.siteId,
        agentCode: site?.agentCode ?? "",
        currency: site?.currency ?? "CNY",
        now: now(),
      });
      if (!result.ok) {
        return reply
          .code(400)
          .send({ code: 400, msg: translate(request.language, "order_invalid"), data: result.errors });
      }
      return reply.code(result.created ? 201 : 200).send(ok(request, result.order));
    },
  );

  /** One of the caller's orders (the pay-result page follows its status). */
  app.get<{ Params: { orderNo: string } }>(
    "/prod-api/order/trade/order/describeOrder/:orderNo",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ orderNo: Type.String({ pattern: "^[0-9]{8,32}$" }) }),
        response: { 200: Ok(OrderView) },
      },
    },
    async (request) => {
      const order = await ownOrder(db, principalOf(request).userId, request.params.orderNo);
      if (!order) throw new NotFoundError("order_not_found");
      return ok(request, order);
    },
  );

  /** The service a paid order bought (the upgrade page): its configuration, expiry, domains. */
  app.get<{ Params: { oid: string } }>(
    "/prod-api/order/mall/product/describeUpgradeProductByOid/:oid",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ oid: Type.String({ pattern: "^[0-9]{8,32}$" }) }),
        response: { 200: Ok(ServiceView) },
      },
    },
    async (request) => {
      const service = await loadService(db, principalOf(request).userId, request.params.oid);
      if (!service) throw new NotFoundError("order_not_found");
      return ok(request, serviceView(service, now()));
    },
  );

  /**
   * An operator records that an order was settled offline: unpaid → paid, exactly once (409 for
   * any other state).
   */
  app.post<{ Params: { orderNo: string } }>(
    "/prod-api/order/trade/order/confirmOffline/:orderNo",
    {
      config: { access: { permission: "business:order:confirm" } },
      schema: {
        params: Type.Object({ orderNo: Type.String({ pattern: "^[0-9]{8,32}$" }) }),
        response: { 200: Ok(OrderView) },
      },
    },
    async (request) => {
      const order = await markPaid(db, request.params.orderNo, now());
      if (order === "missing") throw new NotFoundError("order_not_found");
      if (order === "conflict") throw new AppError(409, "order_not_unpaid");
      return ok(request, order);
    },
  );

  /**
   * How this installation takes money. Online payment needs Alipay credentials, which come with
   * the payment work of the buying issue; until then orders are settled offline.
   */
  app.get(
    "/prod-api/order/pay/order/describePayChannel",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(PayChannels) } } },
    async (request) =>
      ok(request, { online: false, methods: ["alipayGlobal" as const, "alipay" as const, "offline" as const] }),
  );
}
