import { defineModule } from "../../define-module.ts";
import { couponAdminRoutes } from "./admin-routes.ts";

/** Coupons' administration (customers take them as they order: the orders module). */
export const couponsModule = defineModule({
  name: "coupons",
  routes: async (server, { db, now }) => {
    await server.register(couponAdminRoutes, { db, now });
  },
});
