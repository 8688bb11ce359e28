import { CouponAdminView, CouponInput, CouponListQuery, Id, Ok, Page } from "@rampart/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page, refusal } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import {
  type CouponWriteResult,
  createCoupon,
  listCoupons,
  removeCoupon,
  scopeAgentCode,
  updateCoupon,
} from "./admin.ts";

export async function couponAdminRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  // The operators' coupons: an operator bound to a site sees and writes only coupons of that
  // site's channel (its agent code), whatever the request says.
  const IdParams = Type.Object({ couponId: Id() });
  /** The result as the answer; a change is kept for the operation log (a removed coupon has no after). */
  const answer = (request: FastifyRequest, reply: FastifyReply, result: CouponWriteResult) => {
    if (result.ok) {
      const removed = request.method === "DELETE";
      request.changed = {
        before: removed ? result.coupon : (result.before ?? null),
        after: removed ? null : result.coupon,
      };
      return ok(request, result.coupon);
    }
    if (result.reason === "invalid")
      return reply
        .code(400)
        .send(refusal(request, 400, translate(request.language, "coupon_rule_invalid"), result.problems));
    if (result.reason === "missing") throw new NotFoundError("coupon_not_found");
    throw new AppError(409, result.reason === "taken" ? "coupon_code_taken" : "coupon_in_use");
  };
  const agentCodeOf = (request: FastifyRequest) => scopeAgentCode(db, siteScopeOf(principalOf(request)));

  app.get<{ Querystring: CouponListQuery }>(
    "/prod-api/order/coupon/list",
    {
      config: { access: { permission: "business:coupon:list" } },
      schema: { querystring: CouponListQuery, response: { 200: Page(CouponAdminView) } },
    },
    async (request) => {
      const { rows, total } = await listCoupons(db, request.query, await agentCodeOf(request));
      return page(request, rows, total);
    },
  );

  app.post<{ Body: CouponInput }>(
    "/prod-api/order/coupon",
    {
      config: { access: { permission: "business:coupon:add" } },
      schema: { body: CouponInput, response: { 200: Ok(CouponAdminView) } },
    },
    async (request, reply) => answer(request, reply, await createCoupon(db, request.body, await agentCodeOf(request))),
  );

  app.put<{ Params: { couponId: number }; Body: CouponInput }>(
    "/prod-api/order/coupon/:couponId",
    {
      config: { access: { permission: "business:coupon:edit" } },
      schema: { params: IdParams, body: CouponInput, response: { 200: Ok(CouponAdminView) } },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await updateCoupon(db, request.params.couponId, request.body, await agentCodeOf(request), now()),
      ),
  );

  app.delete<{ Params: { couponId: number } }>(
    "/prod-api/order/coupon/:couponId",
    {
      config: { access: { permission: "business:coupon:remove" } },
      schema: { params: IdParams, response: { 200: Ok(CouponAdminView) } },
    },
    async (request, reply) =>
      answer(request, reply, await removeCoupon(db, request.params.couponId, await agentCodeOf(request))),
  );
}
