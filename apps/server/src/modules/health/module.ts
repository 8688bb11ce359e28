import { defineModule } from "../../define-module.ts";
import { healthRoutes } from "./routes.ts";

/** Liveness and readiness. */
export const healthModule = defineModule({
  name: "health",
  routes: async (server, { database, jobs }) => {
    await server.register(healthRoutes, { database, jobs });
  },
});
