import { defineModule } from "../../define-module.ts";
import { userAdminRoutes } from "./admin-routes.ts";
import { profileRoutes } from "./profile-routes.ts";
import { userRoutes } from "./routes.ts";

/** Who is signed in, the operators' user administration and everyone's own profile. */
export const usersModule = defineModule({
  name: "users",
  routes: async (server, { db, sessions, mail, now, twoFactor }) => {
    await server.register(userRoutes);
    await server.register(userAdminRoutes, { db, sessions, mail, now, twoFactor });
    await server.register(profileRoutes, { db, sessions, mail, now });
  },
});
