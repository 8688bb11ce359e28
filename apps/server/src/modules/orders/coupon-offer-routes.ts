import { CouponOffer, CouponOfferQuery, Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { couponOffers } from "../coupons/service.ts";
import { customerSite } from "../sites/customer-site.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { priceOrder } from "./order-price.ts";

/** The coupons offered for an order being configured: the order is priced first, then each coupon weighed. */
export async function couponOfferRoutes(
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
}
