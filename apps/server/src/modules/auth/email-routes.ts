import { EmailConfirmBody, EmailConfirmed, Ok, RegistrationResendBody } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { translate } from "../../http/messages.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin } from "../sites/site-origin.ts";
import { confirmEmail, resendRegistrationLink, resendVerification } from "./email-verification.ts";
import type { SessionDirectory } from "./sessions.ts";

/**
 * E-mail confirmation: the mailed link's page posts its token here (signed in or not), and a
 * signed-in customer asks for the link again. Links are built from the site record.
 */
export async function emailRoutes(
  app: FastifyInstance,
  deps: { db: Db; mail: MailOutbox; now: () => Date; sessions: SessionDirectory },
) {
  app.post<{ Body: EmailConfirmBody }>(
    "/prod-api/auth/email/confirm",
    {
      config: { access: "public", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { body: EmailConfirmBody, response: { 200: Ok(EmailConfirmed) } },
    },
    async (request) => {
      const { email, userName } = await confirmEmail(deps, request.body.token);
      // Every process's sessions see the confirmed address at once.
      await deps.sessions.userChanged();
      // The user name: the page's sign-in has it filled in.
      return { code: 200, msg: translate(request.language, "email_verified", { value: email }), data: { userName } };
    },
  );

  /** "Send the link again" from the page after registration (no session yet: its token instead). */
  app.post<{ Body: RegistrationResendBody }>(
    "/prod-api/auth/email/resend-registration",
    {
      config: { access: "public", rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { body: RegistrationResendBody },
    },
    async (request) => {
      const to = await resendRegistrationLink(deps, request.body.token, {
        origin: (siteId) => accountLinkOrigin(deps.db, siteId, request),
        language: request.language,
        next: request.body.redirect,
      });
      return { code: 200, msg: translate(request.language, "verify_link_sent", { value: to }) };
    },
  );

  app.post(
    "/prod-api/auth/email/resend",
    { config: { access: "signed-in", rateLimit: { max: 5, timeWindow: "1 minute" } } },
    async (request) => {
      const to = await resendVerification(deps, principalOf(request).userId, {
        origin: (siteId) => accountLinkOrigin(deps.db, siteId, request),
        language: request.language,
      });
      return { code: 200, msg: translate(request.language, "verify_link_sent", { value: to }) };
    },
  );
}
