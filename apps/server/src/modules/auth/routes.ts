import {
  CaptchaChallenge,
  ForgotPasswordBody,
  LOGIN_CAPTCHA_SCENE,
  LoginBody,
  LoginResult,
  LoginSuccess,
  Ok,
  PasswordResetBody,
  RefreshResult,
  RegisterBody,
  RegisterResult,
  type SiteRecord,
  TwoFactorLoginBody,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { principalOf, UnauthorizedError } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { resetPassword } from "./password-recovery.ts";
import type { PasswordResetRequests } from "./password-reset-requests.ts";
import type { AuthDeps, ClientInfo } from "./service.ts";
import { login, loginSecondStep, register } from "./service.ts";

export interface AuthRouteOptions {
  deps: AuthDeps;
  sites: SiteDirectory;
  mail: MailOutbox;
  /** "Forgot password", answered at once, its link and mail made in a job. */
  resets: PasswordResetRequests;
  /** Login and registration attempts per minute per client address (per process). */
  loginRateLimitPerMinute: number;
}

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  language: request.language,
  userAgent: String(request.headers["user-agent"] ?? ""),
});

/**
 * The site a form was sent from: the agent code it names, else the request's host. A customer
 * belongs to a site and signs in there.
 */
async function siteOf(
  sites: SiteDirectory,
  request: FastifyRequest,
  agentCode: string | undefined,
): Promise<SiteRecord | null> {
  const code = agentCode?.trim() || String(request.headers["agent-code"] ?? "").trim();
  if (code) {
    const byCode = await sites.siteForAgentCode(code);
    if (byCode) return byCode;
  }
  return sites.siteForHostHeader(request.headers.host);
}

export async function authRoutes(
  app: FastifyInstance,
  { deps, sites, mail, resets, loginRateLimitPerMinute }: AuthRouteOptions,
) {
  const rateLimit = { max: loginRateLimitPerMinute, timeWindow: "1 minute" };

  /** A slider challenge for the login and registration forms. */
  app.get<{ Querystring: { scene?: string } }>(
    "/prod-api/auth/captcha",
    {
      config: { access: "public", rateLimit: { max: loginRateLimitPerMinute * 4, timeWindow: "1 minute" } },
      schema: {
        querystring: Type.Object({ scene: Type.Optional(Type.Literal(LOGIN_CAPTCHA_SCENE)) }),
        response: { 200: Ok(CaptchaChallenge) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(request, await deps.captcha.challenge(request.query.scene ?? LOGIN_CAPTCHA_SCENE));
    },
  );

  /** Sign in (operators on /admin/login, customers on /cloud/login). */
  app.post<{ Body: LoginBody }>(
    "/prod-api/auth/admin/login",
    { config: { access: "public", rateLimit }, schema: { body: LoginBody, response: { 200: Ok(LoginResult) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const site = await siteOf(sites, request, request.body.agentCode);
      return ok(request, await login(deps, request.body, clientOf(request), site));
    },
  );

  /** The second step of a sign-in with a second factor: the code for the password step's token. */
  app.post<{ Body: TwoFactorLoginBody }>(
    "/prod-api/auth/two-factor",
    {
      config: { access: "public", rateLimit },
      schema: { body: TwoFactorLoginBody, response: { 200: Ok(LoginSuccess) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(request, await loginSecondStep(deps, request.body, clientOf(request)));
    },
  );

  /**
   * "Forgot password": a one-time link by mail to the account with this user name or e-mail
   * address. The same answer, after the same work, whether or not there is one: the account is
   * looked for, and its link and mail made, in a job after the answer. The link is on the site's
   * own domain.
   */
  app.post<{ Body: ForgotPasswordBody }>(
    "/prod-api/auth/password/forgot",
    {
      config: { access: "public", rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { body: ForgotPasswordBody },
    },
    async (request) => {
      const site = await siteOf(sites, request, request.body.agentCode);
      await resets.ask(
        { account: request.body.account, siteId: site?.siteId ?? null, language: request.language },
        request,
      );
      return { code: 200, msg: translate(request.language, "reset_link_sent") };
    },
  );

  /** A new password through the mailed link: every session of the account ends. */
  app.post<{ Body: PasswordResetBody }>(
    "/prod-api/auth/password/reset",
    { config: { access: "public", rateLimit }, schema: { body: PasswordResetBody } },
    async (request) => {
      await resetPassword(
        { db: deps.db, mail, sessions: deps.sessions, now: deps.now },
        { token: request.body.token, password: request.body.password, language: request.language, ip: request.ip },
      );
      return { code: 200, msg: translate(request.language, "password_reset_done") };
    },
  );

  /**
   * A customer creates an account on this site. With an address to confirm, the answer names it
   * and gives the token with which the page after registration may send the link again.
   */
  app.post<{ Body: RegisterBody }>(
    "/prod-api/auth/register",
    {
      config: { access: "public", rateLimit },
      schema: { body: RegisterBody, response: { 200: Ok(RegisterResult) } },
    },
    async (request) => {
      const site = await siteOf(sites, request, request.body.agentCode);
      const result = await register(deps, request.body, site, request.language, (siteId) =>
        siteOrigin(deps.db, siteId, request, { console: true }),
      );
      return {
        code: 200,
        msg: result.confirmTo
          ? translate(request.language, "registered_confirm", { value: result.confirmTo })
          : translate(request.language, "registered"),
        data: result,
      };
    },
  );

  /** Extends the session: a new expiry, the same token. */
  app.post(
    "/prod-api/auth/refresh",
    { config: { access: "signed-in", allowedBeforeTwoFactor: true }, schema: { response: { 200: Ok(RefreshResult) } } },
    async (request) => {
      const principal = principalOf(request);
      const expiresAt = await deps.sessions.refresh(principal.sessionId);
      if (!expiresAt) throw new UnauthorizedError(true);
      return ok(request, { expires_in: Math.round(deps.sessions.sessionTtlMs / 60_000) });
    },
  );

  /** Ends the caller's session at once. Always succeeds, even for a token that was already dead. */
  app.delete("/prod-api/auth/logout", { config: { access: "public" } }, async (request) => {
    if (request.principal) await deps.sessions.revoke(request.principal.sessionId, "logout");
    return { code: 200, msg: translate(request.language, "logged_out") };
  });
}
