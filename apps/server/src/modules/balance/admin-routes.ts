import {
  BalanceAdjustment,
  BalanceAdjustmentBody,
  BalanceAdjustmentQuery,
  CustomerBalance,
  CustomerBalanceQuery,
  CustomerLedger,
  CustomerLedgerQuery,
  Ok,
  Page,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { moneyWords } from "../../http/money-words.ts";
import { adjustConfirmAbove } from "./adjustment-settings.ts";
import {
  type AdjustmentResult,
  decideAdjustment,
  listAdjustments,
  type Operator,
  requestAdjustment,
} from "./balance-adjustments.ts";
import { customerLedger, listCustomerBalances } from "./customer-balances.ts";

const AdjustmentParams = Type.Object({ adjustmentId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/**
 * Business → Balances (issue 41): customers by balance, a customer's ledger, adjustments with a
 * reason and the two-person rule above the amount in settings. Every adjustment and decision is a
 * write, so the operation log keeps it (who, what, the adjustment before and after). An operator
 * bound to a site sees and adjusts that site's customers only.
 */
export async function balanceAdminRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const operatorOf = (request: FastifyRequest): Operator => {
    const principal = principalOf(request);
    return { userId: principal.userId, userName: principal.userName, siteScope: siteScopeOf(principal) };
  };

  /** A refusal in the reader's language; nothing was changed. */
  const refusal = (result: Exclude<AdjustmentResult, { ok: true }>) => {
    switch (result.reason) {
      case "missing":
        return new NotFoundError("user_not_found");
      case "zero":
        return new AppError(400, "balance_adjust_zero");
      case "currency":
        return new AppError(400, "balance_adjust_currency", { currencies: result.currencies.join(", ") });
      case "insufficient":
        return new AppError(409, "balance_adjust_uncovered", {
          balance: moneyWords(result.balance, result.currency),
          amount: moneyWords(Math.abs(result.amount), result.currency),
        });
      case "own":
        return new AppError(409, "balance_adjust_own");
      case "decided":
        return new AppError(409, "balance_adjust_decided");
      case "self":
        return new AppError(409, "balance_adjust_self");
    }
  };

  app.get<{ Querystring: CustomerBalanceQuery }>(
    "/prod-api/business/balance/list",
    {
      config: { access: { permission: "business:balance:list" } },
      schema: { querystring: CustomerBalanceQuery, response: { 200: Page(CustomerBalance) } },
    },
    async (request) => {
      const { rows, total } = await listCustomerBalances(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  app.get<{ Querystring: CustomerLedgerQuery }>(
    "/prod-api/business/balance/ledger",
    {
      config: { access: { permission: "business:balance:list" } },
      schema: { querystring: CustomerLedgerQuery, response: { 200: Ok(CustomerLedger) } },
    },
    async (request) => {
      const ledger = await customerLedger(db, request.query, siteScopeOf(principalOf(request)));
      if (!ledger) throw new NotFoundError("user_not_found");
      return ok(request, ledger);
    },
  );

  app.get<{ Querystring: BalanceAdjustmentQuery }>(
    "/prod-api/business/balance/adjustments",
    {
      config: { access: { permission: "business:balance:list" } },
      schema: { querystring: BalanceAdjustmentQuery, response: { 200: Page(BalanceAdjustment) } },
    },
    async (request) => {
      const { rows, total } = await listAdjustments(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  /** An adjustment: posted at once up to the amount in settings, else pending for a second operator. */
  app.post<{ Body: BalanceAdjustmentBody }>(
    "/prod-api/business/balance/adjust",
    {
      config: { access: { permission: "business:balance:adjust" } },
      schema: { body: BalanceAdjustmentBody, response: { 200: Ok(BalanceAdjustment) } },
    },
    async (request) => {
      const body = request.body;
      const result = await requestAdjustment(db, body, operatorOf(request), now());
      if (!result.ok) throw refusal(result);
      const { adjustment } = result;
      request.changed = { before: null, after: adjustment };
      const msg =
        adjustment.status === "posted"
          ? translate(request.language, "balance_adjust_posted")
          : translate(request.language, "balance_adjust_pending", {
              limit: moneyWords(await adjustConfirmAbove(db), adjustment.currency),
            });
      return { ...ok(request, adjustment), msg };
    },
  );

  const decide = (decision: "confirm" | "reject") =>
    app.post<{ Params: { adjustmentId: number } }>(
      `/prod-api/business/balance/adjustments/:adjustmentId/${decision}`,
      {
        config: { access: { permission: "business:balance:adjust" } },
        schema: { params: AdjustmentParams, response: { 200: Ok(BalanceAdjustment) } },
      },
      async (request) => {
        const result = await decideAdjustment(db, request.params.adjustmentId, decision, operatorOf(request), now());
        if (!result.ok) throw refusal(result);
        const { adjustment } = result;
        request.changed = { before: { status: "pending" }, after: { status: adjustment.status } };
        return {
          ...ok(request, adjustment),
          msg: translate(
            request.language,
            decision === "confirm" ? "balance_adjust_confirmed" : "balance_adjust_rejected",
          ),
        };
      },
    );
  decide("confirm");
  decide("reject");
}
