import { BalancePreferences, BalancePreferencesView, MyBalance, MyBalanceQuery, Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { renderStatementPdfOffThread } from "../invoices/invoice-pdf-renderer.ts";
import { balancesOf } from "./balance-ledger.ts";
import { balancePreferencesOf, saveBalancePreferences } from "./balance-preferences.ts";
import { ledgerPage, monthStatement } from "./balance-statement.ts";

/**
 * Control center → Balance: the caller's balances and their ledger. Topping it up and paying from
 * it are orders' business (orders/balance-routes.ts), which post to this ledger.
 */
export async function balanceRoutes(
  app: FastifyInstance,
  { db, priceLists, now }: { db: Db; priceLists: PriceLists; now: () => Date },
) {
  app.get<{ Querystring: MyBalanceQuery }>(
    "/prod-api/control/balance",
    {
      config: { access: "signed-in" },
      schema: { querystring: MyBalanceQuery, response: { 200: Ok(MyBalance) } },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const [accounts, page] = await Promise.all([balancesOf(db, userId), ledgerPage(db, userId, request.query)]);
      return ok(request, { accounts, ...page });
    },
  );

  /** A month's statement of the caller's balance as a PDF, in their language. */
  app.get<{ Querystring: { month: string; currency: string; timeZone?: string } }>(
    "/prod-api/control/balance/statement",
    {
      config: { access: "signed-in" },
      schema: {
        querystring: Type.Object({
          month: Type.String({ pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$" }),
          currency: Type.String({ pattern: "^[A-Z]{3}$" }),
          /** The zone the reader's page shows, in which the month begins and ends. */
          timeZone: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request, reply) => {
      const { month, currency, timeZone } = request.query;
      const statement = await monthStatement(db, principalOf(request).userId, month, currency, now(), timeZone);
      if (!statement) throw new NotFoundError("user_not_found");
      const pdf = await renderStatementPdfOffThread(statement, request.language);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="balance-statement-${month}-${currency}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  /** Whether the caller's new packages renew from their balance (each package can be switched in My services), and the low-balance alert. */
  app.get(
    "/prod-api/control/balance/preferences",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(BalancePreferencesView) } } },
    async (request) => ok(request, await balancePreferencesOf(db, priceLists, principalOf(request).userId, now())),
  );
  app.put<{ Body: BalancePreferences }>(
    "/prod-api/control/balance/preferences",
    {
      config: { access: "signed-in" },
      schema: { body: BalancePreferences, response: { 200: Ok(BalancePreferencesView) } },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const { lowBalance } = request.body;
      // An amount with the amount mode, and only then.
      if (lowBalance && (lowBalance.mode === "amount") !== (lowBalance.amount !== undefined))
        throw new AppError(400, "balance_low_amount");
      await saveBalancePreferences(db, userId, request.body);
      return ok(request, await balancePreferencesOf(db, priceLists, userId, now()));
    },
  );
}
