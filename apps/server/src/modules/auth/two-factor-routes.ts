import {
  FALLBACK_COMPANY,
  Ok,
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorSetup,
  TwoFactorSetupBody,
  TwoFactorStatus,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import type { SessionDirectory } from "./sessions.ts";
import type { TwoFactorService } from "./two-factor.ts";

const PROFILE = "/prod-api/system/user/profile/twoFactor";
/** Few tries a minute at a code from one address (the account's lock is the real guard). */
const codeRateLimit = { max: 10, timeWindow: "1 minute" };

export interface TwoFactorRouteOptions {
  twoFactor: TwoFactorService;
  sessions: SessionDirectory;
  sites: SiteDirectory;
}

/**
 * Two-factor sign-in in the personal center (status, set up, confirm, new recovery codes, turn
 * off; an operator's reset is among System → Users' routes). A user whose role demands a second
 * factor reaches the first three before anything else.
 */
export async function twoFactorRoutes(app: FastifyInstance, { twoFactor, sessions, sites }: TwoFactorRouteOptions) {
  const enrolling = { access: "signed-in", allowedBeforeTwoFactor: true } as const;

  app.get(
    PROFILE,
    { config: enrolling, schema: { response: { 200: Ok(TwoFactorStatus) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(request, await twoFactor.status(principalOf(request).userId));
    },
  );

  /**
   * A new secret and its QR code, named after the site the user is on. A first setup takes the
   * password; replacing the authenticator in use takes the password and a current code (or a
   * recovery code) of it.
   */
  app.post<{ Body: TwoFactorSetupBody }>(
    `${PROFILE}/setup`,
    {
      config: { ...enrolling, rateLimit: codeRateLimit },
      schema: { body: TwoFactorSetupBody, response: { 200: Ok(TwoFactorSetup) } },
      // A POST without a body is an empty one (answered: the password is needed).
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const site = await sites.siteForHostHeader(request.headers.host);
      const setup = await twoFactor.beginSetup(
        principal.userId,
        principal.userName,
        site?.company || FALLBACK_COMPANY,
        request.body,
      );
      return ok(request, setup);
    },
  );

  /**
   * The first code of the new authenticator turns it on; the recovery codes are shown once. A
   * replaced one's owner is mailed.
   */
  app.post<{ Body: TwoFactorCodeBody }>(
    `${PROFILE}/enable`,
    {
      config: { ...enrolling, rateLimit: codeRateLimit },
      schema: { body: TwoFactorCodeBody, response: { 200: Ok(RecoveryCodes) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const recoveryCodes = await twoFactor.confirmSetup(
        principal.userId,
        principal.userName,
        request.body.otp,
        request.ip,
      );
      await sessions.userChanged(); // the session may leave enrolment
      return ok(request, { recoveryCodes });
    },
  );

  app.post<{ Body: TwoFactorCodeBody }>(
    `${PROFILE}/recoveryCodes`,
    {
      config: { access: "signed-in", rateLimit: codeRateLimit },
      schema: { body: TwoFactorCodeBody, response: { 200: Ok(RecoveryCodes) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(
        principal.userId,
        principal.userName,
        request.body.otp,
      );
      return ok(request, { recoveryCodes });
    },
  );

  app.post<{ Body: TwoFactorCodeBody }>(
    `${PROFILE}/disable`,
    { config: { access: "signed-in", rateLimit: codeRateLimit }, schema: { body: TwoFactorCodeBody } },
    async (request) => {
      const principal = principalOf(request);
      await twoFactor.disable(principal.userId, principal.userName, request.body.otp);
      await sessions.userChanged();
      return { code: 200, msg: translate(request.language, "ok") };
    },
  );
}
