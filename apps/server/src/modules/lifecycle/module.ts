import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { serviceAdminRoutes } from "./admin-routes.ts";
import { payRenewalsFromBalance } from "./auto-renewal.ts";
import { sweepServices } from "./lifecycle-sweep.ts";

const SERVICE_LIFECYCLE = "service-lifecycle";
const AUTO_RENEWAL = "balance-auto-renewal";

/**
 * The services' lives: every five minutes reminders, renewal orders, grace, suspension and
 * termination; every hour the renewal orders of packages that renew from the balance paid from it
 * (each order tried once a day, issue 41); the operators' moves of a service by hand.
 */
export const lifecycleModule = defineModule({
  name: "lifecycle",
  routes: async (server, { db, mail, emitEvent, now }) => {
    await server.register(serviceAdminRoutes, { deps: { db, mail, emitEvent }, now });
  },
  jobs: [
    {
      queue: SERVICE_LIFECYCLE,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const done = await sweepServices(context, context.now());
        if (Object.values(done).some((n) => n > 0)) context.log.info(done, "service lifecycle");
      },
    },
    {
      queue: AUTO_RENEWAL,
      policy: SWEEP_POLICY,
      run: async (_data, context) => {
        const done = await payRenewalsFromBalance(context, context.now());
        if (done.paid || done.short) context.log.info(done, "automatic renewals from the balance");
      },
    },
  ],
  schedules: [
    { queue: SERVICE_LIFECYCLE, cron: "*/5 * * * *" },
    { queue: AUTO_RENEWAL, cron: "23 * * * *" },
  ],
});
