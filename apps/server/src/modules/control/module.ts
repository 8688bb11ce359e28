import { defineModule } from "../../define-module.ts";
import { controlRoutes } from "./routes.ts";

/** The customer's console home. */
export const controlModule = defineModule({
  name: "control",
  routes: async (server, { db, now }) => {
    await server.register(controlRoutes, { db, now });
  },
});
