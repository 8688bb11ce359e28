import { DowngradeBody, DowngradeView, Ok, OrderNo } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { principalOf } from "../../http/access.ts";
import { ok, refusal } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import { moneyWords } from "../../http/money-words.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { downgradeService } from "./downgrade.ts";

/**
 * A customer makes one of their packages smaller for the time it has left (issue 41): the
 * difference for the days left goes to their balance, said in their language, in the answer and
 * in the ledger's note.
 */
export async function downgradeRoutes(
  app: FastifyInstance,
  {
    db,
    priceLists,
    now,
    emitEvent,
  }: { db: Db; priceLists: PriceLists; now: () => Date; emitEvent: EmitEvent | undefined },
) {
  app.post<{ Params: { orderNo: string }; Body: DowngradeBody }>(
    "/prod-api/order/mall/product/downgrade/:orderNo",
    {
      // The price page asks for the figure as the customer changes the configuration.
      config: { access: "signed-in", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        params: Type.Object({ orderNo: OrderNo() }),
        body: DowngradeBody,
        response: { 200: Ok(DowngradeView) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { orderNo } = request.params;
      const result = await downgradeService(db, (currency) => priceLists.forCurrency(currency), {
        orderNo,
        userId: principal.userId,
        configuration: request.body.configuration,
        dryRun: request.body.dryRun,
        madeBy: principal.userName,
        note: (daysLeft) => translate(request.language, "downgrade_ledger_note", { orderNo, days: String(daysLeft) }),
        now: now(),
        emitEvent,
      });
      if (!result.ok)
        return reply
          .code(400)
          .send(refusal(request, 400, translate(request.language, "downgrade_invalid"), result.errors));
      if (request.body.dryRun) return ok(request, result);
      const key = result.credit > 0 ? "downgrade_done" : "downgrade_done_nothing";
      return {
        ...ok(request, result),
        msg: translate(request.language, key, {
          credit: moneyWords(result.credit, result.currency),
          days: String(result.daysLeft),
        }),
      };
    },
  );
}
