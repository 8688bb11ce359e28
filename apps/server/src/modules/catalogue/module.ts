import { defineModule } from "../../define-module.ts";
import { priceListAdminRoutes } from "./admin-routes.ts";

/** The price lists and their administration. */
export const catalogueModule = defineModule({
  name: "catalogue",
  routes: async (server, { database, priceLists, now }) => {
    await server.register(priceListAdminRoutes, { database, priceLists, now });
  },
});
