import { defineModule } from "../../define-module.ts";
import { configAdminRoutes } from "./admin-routes.ts";
import { configRoutes } from "./routes.ts";

/** The installation's settings and their administration. */
export const configsModule = defineModule({
  name: "configs",
  routes: async (server, { db, sessions, now }) => {
    await server.register(configRoutes, { db });
    await server.register(configAdminRoutes, { db, sessions, now });
  },
});
