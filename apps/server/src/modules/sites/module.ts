import { defineModule } from "../../define-module.ts";
import { siteAdminRoutes } from "./admin-routes.ts";
import { siteRoutes } from "./routes.ts";

/** The branded sites: the record a request's host decides, and their administration. */
export const sitesModule = defineModule({
  name: "sites",
  routes: async (server, { sites, db, now, database }) => {
    await server.register(siteRoutes, { sites, db, now });
    await server.register(siteAdminRoutes, { database, sites, now });
  },
});
