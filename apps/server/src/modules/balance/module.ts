import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { balanceAdminRoutes } from "./admin-routes.ts";
import { checkLowBalances } from "./low-balance.ts";
import { reconcileBalances } from "./reconciliation.ts";
import { balanceRoutes } from "./routes.ts";

const RECONCILIATION = "balance-reconciliation";
const LOW_BALANCE = "balance-low";

/**
 * The customer's balance (issue 41): one append-only ledger per customer and currency
 * (balance-ledger.ts, the only way a balance changes), read in Control center → Balance and, by
 * operators, in Business → Balances (with adjustments under the two-person rule); reconciled every
 * day (reconciliation.ts: problems mailed to the operators and shown in System monitoring). Paying
 * orders from it and topping it up are the orders module's (pay-from-balance.ts, top-up.ts), which
 * post to this ledger.
 */
export const balanceModule = defineModule({
  name: "balance",
  routes: async (server, { db, now, priceLists }) => {
    await server.register(balanceRoutes, { db, priceLists, now });
    await server.register(balanceAdminRoutes, { db, now });
  },
  jobs: [
    {
      queue: RECONCILIATION,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const done = await reconcileBalances(context, context.now());
        if (done?.problems.length)
          context.log.warn({ day: done.day, problems: done.problems.length }, "balances do not add up");
      },
    },
    {
      queue: LOW_BALANCE,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const done = await checkLowBalances(context, context.now());
        if (done.alerted || done.cleared) context.log.info(done, "low-balance alerts");
      },
    },
  ],
  schedules: [
    // Once a day, early in the morning UTC (after the night's renewals).
    { queue: RECONCILIATION, cron: "41 2 * * *" },
    // Every hour, after the automatic renewals (minute 23) have paid what they could.
    { queue: LOW_BALANCE, cron: "53 * * * *" },
  ],
});
