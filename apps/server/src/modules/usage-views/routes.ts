import { Ok, OrderNo, UsageSeriesQuery, UsageSeriesView } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { readableService, readerZone } from "./usage-access.ts";
import { usageView } from "./usage-view.ts";

const ServiceParams = Type.Object({ orderNo: OrderNo() });

/**
 * A package's usage as its customer sees it (Control center → My services → Usage): their own
 * packages; operators who may list packages, their site's.
 */
export async function usageViewRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  app.get<{ Params: { orderNo: string }; Querystring: UsageSeriesQuery }>(
    "/prod-api/control/services/:orderNo/usage",
    {
      config: { access: "signed-in" },
      schema: { params: ServiceParams, querystring: UsageSeriesQuery, response: { 200: Ok(UsageSeriesView) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const service = await readableService(db, principal, request.params.orderNo);
      const timeZone = await readerZone(db, principal.userId);
      return ok(request, await usageView(db, service, request.query, { now: now(), timeZone }));
    },
  );
}
