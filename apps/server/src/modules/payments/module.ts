import { defineModule } from "../../define-module.ts";
import { paymentRoutes } from "./routes.ts";

/** Paying orders online: the channels' cashiers and their notifications. */
export const paymentsModule = defineModule({
  name: "payments",
  routes: async (server, { db, now, payments, emitEvent }) => {
    await server.register(paymentRoutes, { db, now, payments, emitEvent });
  },
});
