import {
  CouponAdminView,
  CouponInput,
  CouponListQuery,
  CouponOffer,
  CouponOfferQuery,
  Id,
  Ok,
  Page,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page, refusal } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { priceOrder } from "../orders/changes.ts";
import { customerSite } from "../orders/customer-site.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import {
  type CouponWriteResult,
  createCoupon,
  listCoupons,
  removeCoupon,
  scopeAgentCode,
  updateCoupon,
} from "./admin.ts";
import { couponOffers } from "./service.ts";

export async function couponRoutes(
  app: FastifyInstance,
  { db, sites, priceLists, now }: { db: Db; sites: SiteDirectory; priceLists: PriceLists; now: () => Date },
) {
  /**
   * The coupons a customer is offered for an order as configured on the price page: usable ones
   * with what they take off, used ones, and unavailable ones with the reason. An order that cannot
   * be priced has none to offer.
   */
  app.get<{ Querystring: CouponOfferQuery }>(
    "/prod-api/order/coupon/describeCoupons",
    {
      config: { access: "signed-in" },
      schema: { querystring: CouponOfferQuery, response: { 200: Ok(Type.Array(CouponOffer)) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const { userId } = principal;
      const site = await customerSite(sites, request.headers.host, principal);
      const catalogue = await priceLists.forCurrency(site?.currency);
      const at = now();
      const { action } = request.query;
      const priced = await priceOrder(db, catalogue, request.query, userId, at);
      if (!priced.ok) return ok(request, []);
      const offers = await couponOffers(
        db,
        {
          userId,
          agentCode: site?.agentCode ?? "",
          action,
          configuration: priced.configuration,
          fee: priced.fee,
          minimumAmount: action === "upgrade" ? 0 : catalogue.minimumAmount,
          now: at,
        },
        request.language,
      );
      return ok(request, offers);
    },
  );

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
      answer(request, reply, await updateCoupon(db, request.params.couponId, request.body, await agentCodeOf(request))),
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
