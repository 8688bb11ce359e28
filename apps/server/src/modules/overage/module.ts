import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { overageAdminRoutes } from "./admin-routes.ts";
import { billOverages } from "./overage-billing.ts";
import { remindUnpaidOverage } from "./overage-reminders.ts";
import { suspendForUnpaidOverage } from "./overage-suspension.ts";

const OVERAGE_BILLING = "overage-billing";

/**
 * Burstable billing (issue 40): every hour, the months that ended are billed, once per package and
 * month: an overage order for the bandwidth used beyond the package; one left unpaid a week is
 * recalled to its customer, once, and the grace period after that its package is suspended until
 * it is paid. Business → Usage shows a site's month of them.
 */
export const overageModule = defineModule({
  name: "overage",
  routes: async (server, { db, priceLists, now }) => {
    await server.register(overageAdminRoutes, { db, priceLists, now });
  },
  jobs: [
    {
      queue: OVERAGE_BILLING,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const now = context.now();
        const done = await billOverages(context, now);
        const reminded = await remindUnpaidOverage(context.db, context.mail, now);
        const suspended = await suspendForUnpaidOverage(context, now);
        if (done.billed > 0 || reminded > 0 || suspended > 0)
          context.log.info({ ...done, reminded, suspended }, "overage billing");
      },
    },
  ],
  schedules: [{ queue: OVERAGE_BILLING, cron: "17 * * * *" }],
});
