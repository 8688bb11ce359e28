import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { deskRoutes } from "./desk-routes.ts";
import { supportRoutes } from "./routes.ts";
import { ticketMails } from "./ticket-mails.ts";
import { pageUnacknowledged } from "./urgent-pages.ts";

export const URGENT_PAGES_QUEUE = "ticket-pages";

/**
 * The support desk (issue 42): customers' tickets and the operators' desk; the desk's mails, written
 * with each ticket's moments; every minute, once across processes, the urgent tickets no one has
 * acknowledged are paged again (every 10 minutes each).
 */
export const supportModule = defineModule({
  name: "support",
  routes: async (server, { db, now, emitEvent }) => {
    await server.register(supportRoutes, { db, now, emitEvent });
    await server.register(deskRoutes, { db, now, emitEvent });
  },
  jobs: [
    {
      queue: URGENT_PAGES_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, emitEvent, log }) => {
        const paged = await pageUnacknowledged({ db, now, emitEvent });
        if (paged > 0) log.info({ paged }, "urgent tickets paged again");
      },
    },
  ],
  schedules: [{ queue: URGENT_PAGES_QUEUE, cron: "* * * * *" }],
  on: [ticketMails],
});
