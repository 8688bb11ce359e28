import { defineModule } from "../../define-module.ts";
import { sealingKey } from "../../secrets/sealed-secret.ts";
import { domainRoutes } from "./routes.ts";

/** The domains customers put on their packages: ownership, CNAME, origin settings. */
export const domainsModule = defineModule({
  name: "domains",
  routes: async (server, { db, records, outbound, emitEvent, tokenSecret, now }) => {
    await server.register(domainRoutes, {
      db,
      records,
      outbound,
      emitEvent,
      cnameKey: sealingKey(tokenSecret, "domain-cname"),
      now,
    });
  },
});
