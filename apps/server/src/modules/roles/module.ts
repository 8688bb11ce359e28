import { defineModule } from "../../define-module.ts";
import { roleAdminRoutes } from "./admin-routes.ts";

/** Roles and the permissions they grant. */
export const rolesModule = defineModule({
  name: "roles",
  routes: async (server, { db, sessions, now }) => {
    await server.register(roleAdminRoutes, { db, sessions, now });
  },
});
