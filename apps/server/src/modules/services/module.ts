import { defineModule } from "../../define-module.ts";
import { serviceRoutes } from "./routes.ts";

/** The customer's bought services. */
export const servicesModule = defineModule({
  name: "services",
  routes: async (server, { db, now }) => {
    await server.register(serviceRoutes, { db, now });
  },
});
