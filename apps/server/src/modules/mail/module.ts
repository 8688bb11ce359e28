import { defineModule } from "../../define-module.ts";
import { deriveSecret } from "../../secrets/tokens.ts";
import { mailTemplateRoutes } from "./mail-template-routes.ts";
import { MAIL_POLICY, MAIL_QUEUE } from "./outbox.ts";
import { mailLogRoutes } from "./routes.ts";

/**
 * Mail: the outbox every module writes to in its own transaction (the app's `mail`), delivered by
 * this module's queue through SMTP; the mail log and the templates' administration.
 */
export const mailModule = defineModule({
  name: "mail",
  routes: async (server, { db, mail, now, tokenSecret }) => {
    await server.register(mailLogRoutes, { db, mail, previewKey: deriveSecret(tokenSecret, "mail-preview"), now });
    await server.register(mailTemplateRoutes, { db, mail, now });
  },
  jobs: [
    {
      queue: MAIL_QUEUE,
      policy: MAIL_POLICY,
      run: (data: { mailId: number }, { mail }, job) => mail.deliver(data.mailId, job),
    },
  ],
  // Pooled SMTP connections would otherwise stay open until the mail server drops them.
  close: ({ mail }) => mail.close(),
});
