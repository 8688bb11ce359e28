import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { usageRoutes } from "./routes.ts";
import { runUsageUpkeep } from "./usage-upkeep.ts";

export const USAGE_UPKEEP_QUEUE = "usage-upkeep";

/**
 * What the provider's platform reports a package did: signed batches of 5-minute figures, top
 * lists and attack events received and kept (POST /prod-api/platform/usage); every hour, once
 * across processes, the recent hours and days rolled up again, next month's partition made, each
 * month's 95th percentile kept before its 5-minute buckets go, and what is past retention removed.
 */
export const usageModule = defineModule({
  name: "usage",
  services: ({ tokenSecret }) => ({
    // The endpoints' secrets, sealed as the webhooks module seals them.
    usageSeal: new SecretSeal(sealingKey(tokenSecret, "webhook-secret")),
  }),
  routes: async (server, { db, usageSeal, now }) => {
    await server.register(usageRoutes, { db, seal: usageSeal, now });
  },
  jobs: [
    {
      queue: USAGE_UPKEEP_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, log }) => {
        const done = await runUsageUpkeep(db, now());
        log.info(done, "usage rolled up and past retention removed");
      },
    },
  ],
  schedules: [{ queue: USAGE_UPKEEP_QUEUE, cron: "7 * * * *" }],
});
