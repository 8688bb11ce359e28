import { defineModule } from "../../define-module.ts";
import { SWEEP_POLICY } from "../../jobs/job-runner.ts";
import { deskRoutes } from "./desk-routes.ts";
import { startInboundSmtp } from "./inbound-smtp.ts";
import { inboundWebhookRoute } from "./inbound-webhook-route.ts";
import { supportRoutes } from "./routes.ts";
import { ticketMails } from "./ticket-mails.ts";
import { pageUnacknowledged } from "./urgent-pages.ts";

export const URGENT_PAGES_QUEUE = "ticket-pages";

declare module "fastify" {
  interface FastifyInstance {
    /** The support desk's SMTP listener's port, when INBOUND_SMTP_PORT started one. */
    inboundSmtpPort?: number;
  }
}

/**
 * The support desk (issue 42): customers' tickets and the operators' desk; the desk's mails, written
 * with each ticket's moments; every minute, once across processes, the urgent tickets no one has
 * acknowledged are paged again (every 10 minutes each); replies by mail through the desk's own SMTP
 * listener (INBOUND_SMTP_PORT) or a provider's signed inbound webhook (INBOUND_WEBHOOK_SECRET).
 */
export const supportModule = defineModule({
  name: "support",
  services: async ({ config, db, now, emitEvent, replies, log }) => {
    const settings = config.inboundMail;
    const inbound =
      settings?.smtpPort === undefined
        ? null
        : await startInboundSmtp(
            { db, now, emitEvent, replies, log },
            { port: settings.smtpPort, host: settings.smtpHost, trustedRelays: settings.trustedRelays },
          );
    if (inbound) log.info({ port: inbound.port }, "support desk SMTP listener started");
    return { inbound };
  },
  routes: async (server, { db, now, emitEvent, replies, config, inbound }) => {
    await server.register(supportRoutes, { db, now, emitEvent });
    await server.register(deskRoutes, { db, now, emitEvent });
    const secret = config.inboundMail?.webhookSecret;
    if (secret) await inboundWebhookRoute(server, { db, now, emitEvent, replies, secret });
    if (inbound) server.decorate("inboundSmtpPort", inbound.port);
  },
  jobs: [
    {
      queue: URGENT_PAGES_QUEUE,
      policy: SWEEP_POLICY,
      run: async (_data, { db, now, emitEvent, log }) => {
        const paged = await pageUnacknowledged({ db, now, emitEvent });
        if (paged > 0) log.info({ paged }, "urgent tickets paged again");
      },
    },
  ],
  schedules: [{ queue: URGENT_PAGES_QUEUE, cron: "* * * * *" }],
  on: [ticketMails],
  close: async ({ inbound }) => {
    await inbound?.close();
  },
});
