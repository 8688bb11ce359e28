import { Ok, UsageOverview, UsageOverviewQuery } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok } from "../../http/envelope.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { usageOverview } from "./usage-overview.ts";

/** Business → Usage: a site's month of bandwidth packages and their overage (business:usage:list). */
export async function overageAdminRoutes(
  app: FastifyInstance,
  { db, priceLists, now }: { db: Db; priceLists: PriceLists; now: () => Date },
) {
  app.get<{ Querystring: UsageOverviewQuery }>(
    "/prod-api/business/usage/overview",
    {
      config: { access: { permission: "business:usage:list" } },
      schema: { querystring: UsageOverviewQuery, response: { 200: Ok(UsageOverview) } },
    },
    async (request) =>
      ok(request, await usageOverview(db, priceLists, request.query, siteScopeOf(principalOf(request)), now())),
  );
}
