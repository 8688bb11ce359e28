import { defineModule } from "../../define-module.ts";
import { menuAdminRoutes } from "./admin-routes.ts";
import { menuRoutes } from "./routes.ts";

/** The console's menus, as each user may see them, and their administration. */
export const menusModule = defineModule({
  name: "menus",
  routes: async (server, { db, sessions, now }) => {
    await server.register(menuRoutes, { db, sessions });
    await server.register(menuAdminRoutes, { db, sessions, now });
  },
});
