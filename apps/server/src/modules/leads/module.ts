import { defineModule } from "../../define-module.ts";
import { leadRoutes } from "./routes.ts";

/** Visitors' enquiries and their follow-up. */
export const leadsModule = defineModule({
  name: "leads",
  routes: async (server, { db, sites, now, mail }) => {
    await server.register(leadRoutes, { db, sites, now, mail });
  },
});
