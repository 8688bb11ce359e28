import { defineModule } from "../../define-module.ts";
import { balanceAdminRoutes } from "./admin-routes.ts";
import { balanceRoutes } from "./routes.ts";

/**
 * The customer's balance (issue 41): one append-only ledger per customer and currency
 * (balance-ledger.ts, the only way a balance changes), read in Control center → Balance and, by
 * operators, in Business → Balances (with adjustments under the two-person rule). Paying
 * orders from it and topping it up are the orders module's (pay-from-balance.ts, top-up.ts), which
 * post to this ledger.
 */
export const balanceModule = defineModule({
  name: "balance",
  routes: async (server, { db, now }) => {
    await server.register(balanceRoutes, { db });
    await server.register(balanceAdminRoutes, { db, now });
  },
});
