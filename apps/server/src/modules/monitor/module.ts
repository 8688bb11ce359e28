import { defineModule } from "../../define-module.ts";
import { monitorRoutes } from "./routes.ts";

/** Monitoring: the server's status, operation logs, online users; GET /metrics when METRICS_TOKEN is set. */
export const monitorModule = defineModule({
  name: "monitor",
  routes: async (server, { database, sessions, jobs, config }) => {
    if (config.metricsToken) {
      // prom-client is loaded only where metrics are asked for.
      const { metricsPlugin } = await import("./metrics.ts");
      await server.register(metricsPlugin, { database, jobs, token: config.metricsToken });
    }
    await server.register(monitorRoutes, { database, sessions, jobs });
  },
});
