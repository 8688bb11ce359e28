import { defineModule } from "../../define-module.ts";
import { dictAdminRoutes } from "./admin-routes.ts";
import { dictRoutes } from "./routes.ts";

/** Dictionaries (the console's option lists) and their administration. */
export const dictsModule = defineModule({
  name: "dicts",
  routes: async (server, { db, now }) => {
    await server.register(dictRoutes, { db });
    await server.register(dictAdminRoutes, { db, now });
  },
});
