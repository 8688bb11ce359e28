import {
  Id,
  Ok,
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorSetup,
  TwoFactorStatus,
  UserAdminView,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { actorOf } from "../../http/actor.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { mailTime } from "../mail/mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { userToActOn } from "../users/admin.ts";
import type { SessionDirectory } from "./sessions.ts";
import type { TwoFactorService } from "./two-factor.ts";

const PROFILE = "/prod-api/system/user/profile/twoFactor";
/** Few tries a minute at a code from one address (the account's lock is the real guard). */
const codeRateLimit = { max: 10, timeWindow: "1 minute" };

export interface TwoFactorRouteOptions {
  db: Db;
  mail: MailOutbox;
  now: () => Date;
  twoFactor: TwoFactorService;
  sessions: SessionDirectory;
  sites: SiteDirectory;
}

/**
 * Two-factor sign-in in the personal center (status, set up, confirm, new recovery codes, turn
 * off) and an operator's reset of a user's second factor (System → Users). A user whose role
 * demands a second factor reaches the first three before anything else.
 */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { db, mail, now, twoFactor, sessions, sites }: TwoFactorRouteOptions,
) {
  const enrolling = { access: "signed-in", allowedBeforeTwoFactor: true } as const;

  app.get(
    PROFILE,
    { config: enrolling, schema: { response: { 200: Ok(TwoFactorStatus) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(request, await twoFactor.status(principalOf(request).userId));
    },
  );

  /** A new secret and its QR code, named after the site the user is on. */
  app.post(
    `${PROFILE}/setup`,
    { config: { ...enrolling, rateLimit: codeRateLimit }, schema: { response: { 200: Ok(TwoFactorSetup) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const site = await sites.siteForHostHeader(request.headers.host);
      const setup = await twoFactor.beginSetup(principal.userId, principal.userName, site?.company || "Rampart");
      return ok(request, setup);
    },
  );

  /** The first code of the new authenticator turns it on; the recovery codes are shown once. */
  app.post<{ Body: TwoFactorCodeBody }>(
    `${PROFILE}/enable`,
    {
      config: { ...enrolling, rateLimit: codeRateLimit },
      schema: { body: TwoFactorCodeBody, response: { 200: Ok(RecoveryCodes) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const recoveryCodes = await twoFactor.confirmSetup(principal.userId, principal.userName, request.body.otp);
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

  /**
   * An operator removes a user's second factor (a lost phone and lost recovery codes): the user
   * signs in with their password and, if a role demands it, sets up a new one. Only on a user
   * the operator may act on (their site, nothing above their own powers).
   */
  app.delete<{ Params: { userId: number } }>(
    "/prod-api/system/user/:userId/twoFactor",
    {
      config: { access: { permission: "system:user:resetPwd" } },
      schema: { params: Type.Object({ userId: Id() }), response: { 200: Ok(UserAdminView) } },
    },
    async (request) => {
      const user = await userToActOn(db, request.params.userId, actorOf(request));
      await db.transaction(async (tx) => {
        if (!(await twoFactor.remove(user.userId, tx))) throw new BadRequestError("two_factor_not_enabled");
        // The owner is told at once: a reset they did not ask for is how an account is taken.
        if (user.email) {
          await mail.enqueue(tx, {
            siteId: user.siteId,
            event: "two_factor_reset",
            language: request.language,
            to: user.email,
            values: {
              name: user.nickName || user.userName,
              time: mailTime(now()),
            },
          });
        }
      });
      await sessions.userChanged();
      request.changed = { before: { ...user, twoFactor: true }, after: { ...user, twoFactor: false } };
      return ok(request, { ...user, twoFactor: false });
    },
  );
}
