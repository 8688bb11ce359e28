import { defineModule } from "../../define-module.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { purgeRoutes } from "./routes.ts";

/**
 * Purging a package's cache and warming it (issue 40): asked for by its owner within the daily
 * quota, announced to the platform (`cache.purge`, `cache.prefetch`), answered by its signed
 * callback (the endpoints' secrets, sealed as the webhooks module seals them).
 */
export const cachePurgeModule = defineModule({
  name: "cache-purge",
  routes: async (server, { db, emitEvent, now, tokenSecret }) => {
    await server.register(purgeRoutes, {
      db,
      emitEvent,
      now,
      seal: new SecretSeal(sealingKey(tokenSecret, "webhook-secret")),
    });
  },
});
