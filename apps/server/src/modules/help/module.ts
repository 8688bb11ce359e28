import { defineModule } from "../../define-module.ts";
import { helpRoutes } from "./routes.ts";

/**
 * The help centre (issue 42): articles per site and language, read on the public site at /help
 * (rendered by the web app from the app's HelpCentre), searched by the ticket form, edited in
 * Business → Help centre.
 */
export const helpModule = defineModule({
  name: "help",
  routes: async (server, { db, sites, help, now }) => {
    await server.register(helpRoutes, { db, sites, help, now });
  },
});
