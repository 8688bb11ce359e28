import { defineModule } from "../../define-module.ts";
import { noticeRoutes } from "./routes.ts";

/** Notices to customers and operators. */
export const noticesModule = defineModule({
  name: "notices",
  routes: async (server, { db, now }) => {
    await server.register(noticeRoutes, { db, now });
  },
});
