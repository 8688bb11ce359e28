import { defineModule } from "../../define-module.ts";
import { usageViewRoutes } from "./routes.ts";

/** What the customer sees of their packages' usage (issue 40): series, attacks, top lists. */
export const usageViewsModule = defineModule({
  name: "usage-views",
  routes: async (server, { db, now }) => {
    await server.register(usageViewRoutes, { db, now });
  },
});
