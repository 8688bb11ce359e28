import { Ok, PriceListBody, PriceListDetail, PriceListView } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Database } from "../../db/client.ts";
import { actorOf } from "../../http/actor.ts";
import { ok, refusal } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import { listPriceLists, readPriceList, updatePriceList } from "./admin.ts";
import type { PriceLists } from "./price-lists.ts";

const CurrencyParams = Type.Object({ currency: Type.String({ pattern: "^[A-Z]{3}$" }) });

/**
 * Business → Prices: the price lists (one per currency) and their prices. The price pages and the
 * next order use a new price at once, on every process.
 */
export async function priceListAdminRoutes(
  app: FastifyInstance,
  { database, priceLists, now }: { database: Database; priceLists: PriceLists; now: () => Date },
) {
  app.get(
    "/prod-api/business/catalog/list",
    {
      config: { access: { permission: "business:catalog:list" } },
      schema: { response: { 200: Ok(Type.Array(PriceListView)) } },
    },
    async (request) => ok(request, await listPriceLists(database.db)),
  );

  app.get<{ Params: { currency: string } }>(
    "/prod-api/business/catalog/:currency",
    {
      config: { access: { permission: "business:catalog:list" } },
      schema: { params: CurrencyParams, response: { 200: Ok(PriceListDetail) } },
    },
    async (request) => ok(request, await readPriceList(database.db, request.params.currency)),
  );

  /** 400 with `data`: each problem's field and code (and limit), for the form to show beside the field. */
  app.put<{ Params: { currency: string }; Body: PriceListBody }>(
    "/prod-api/business/catalog/:currency",
    {
      config: { access: { permission: "business:catalog:edit" } },
      schema: { params: CurrencyParams, body: PriceListBody },
    },
    async (request, reply) => {
      const change = await updatePriceList(database, request.params.currency, request.body, actorOf(request), now());
      if (!change.ok)
        return reply
          .code(400)
          .send(refusal(request, 400, translate(request.language, "price_list_invalid"), change.problems));
      // This process at once; the others when the notification reaches them.
      priceLists.invalidate();
      request.changed = { before: change.before, after: change.after };
      return ok(request, { currency: request.params.currency, updatedAt: change.updatedAt, catalogue: change.after });
    },
  );
}
