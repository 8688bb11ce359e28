import { OrderNo } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { AppError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { setAutoRenew, setCancelAtPeriodEnd } from "./service-moves.ts";

const OrderNoParams = Type.Object({ orderNo: OrderNo() });
const CancelBody = Type.Object({ cancel: Type.Boolean() }, { additionalProperties: false });
const AutoRenewBody = Type.Object({ autoRenew: Type.Boolean() }, { additionalProperties: false });

/**
 * The customer's side of a service's life: stop at the end of the period (no renewal; it ends at
 * expiry), or undo that. Only their own service, while it is active or in grace.
 */
export async function serviceRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  app.post<{ Params: { orderNo: string }; Body: { cancel: boolean } }>(
    "/prod-api/order/mall/product/cancelAtPeriodEnd/:orderNo",
    { config: { access: "signed-in" }, schema: { params: OrderNoParams, body: CancelBody } },
    async (request) => {
      const principal = principalOf(request);
      const changed = await setCancelAtPeriodEnd(db, {
        orderNo: request.params.orderNo,
        userId: principal.userId,
        cancel: request.body.cancel,
        actor: principal.userName,
        now: now(),
      });
      if (changed === "missing") throw new AppError(404, "service_not_found");
      if (changed === "state") throw new AppError(409, "service_not_changeable");
      const key = request.body.cancel ? "service_cancel_scheduled" : "service_cancel_undone";
      return { code: 200, msg: translate(request.language, key) };
    },
  );

  /** Renew from the balance (or by hand again): the service's renewal orders are paid from it once a day. */
  app.post<{ Params: { orderNo: string }; Body: { autoRenew: boolean } }>(
    "/prod-api/order/mall/product/autoRenew/:orderNo",
    { config: { access: "signed-in" }, schema: { params: OrderNoParams, body: AutoRenewBody } },
    async (request) => {
      const principal = principalOf(request);
      const changed = await setAutoRenew(db, {
        orderNo: request.params.orderNo,
        userId: principal.userId,
        autoRenew: request.body.autoRenew,
        actor: principal.userName,
        now: now(),
      });
      if (changed === "missing") throw new AppError(404, "service_not_found");
      if (changed === "state") throw new AppError(409, "service_not_changeable");
      const key = request.body.autoRenew ? "service_auto_renew_on" : "service_auto_renew_off";
      return { code: 200, msg: translate(request.language, key) };
    },
  );
}
