import { defineModule } from "../../define-module.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { platformWebhooks } from "./platform-webhooks.ts";
import { webhookRoutes } from "./routes.ts";
import { WEBHOOK_POLICY, WEBHOOK_QUEUE, WebhookDelivery } from "./webhook-delivery.ts";
import { WebhookPoster } from "./webhook-post.ts";

/**
 * The provider's platform hears of payments and service, certificate and domain changes (System →
 * Webhooks), signed with each endpoint's secret, kept sealed under a key derived from the token
 * secret; its callbacks confirm provisioning and fetch certificates' keys.
 */
export const webhooksModule = defineModule({
  name: "webhooks",
  services: ({ db, jobs, mail, now, log, tokenSecret, config }) => {
    const seal = new SecretSeal(sealingKey(tokenSecret, "webhook-secret"));
    const allowLoopback = config.webhookAllowLoopback ?? false;
    const poster = new WebhookPoster(allowLoopback);
    return { seal, poster, allowLoopback, delivery: new WebhookDelivery({ db, jobs, seal, poster, mail, now, log }) };
  },
  routes: async (server, { db, seal, delivery, now, allowLoopback, tokenSecret }) => {
    await server.register(webhookRoutes, {
      db,
      seal,
      delivery,
      now,
      allowLoopback,
      certificateSeal: new SecretSeal(sealingKey(tokenSecret, "certificate-key")),
    });
  },
  jobs: [
    {
      queue: WEBHOOK_QUEUE,
      policy: WEBHOOK_POLICY,
      run: (data: { messageId: string }, { delivery }, job) => delivery.deliver(data.messageId, job),
    },
  ],
  on: [platformWebhooks],
  close: ({ poster }) => poster.close(),
});
