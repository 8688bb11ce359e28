import {
  CaptchaChallenge,
  LOGIN_CAPTCHA_SCENE,
  LoginBody,
  LoginResult,
  LoginSuccess,
  Ok,
  RefreshResult,
  RegisterBody,
  type SiteRecord,
  TwoFactorLoginBody,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { principalOf, UnauthorizedError } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import type { AuthDeps, ClientInfo } from "./service.ts";
import { login, loginSecondStep, register } from "./service.ts";

export interface AuthRouteOptions {
  deps: AuthDeps;
  sites: SiteDirectory;
  /** Login and registration attempts per minute per client address (per process). */
  loginRateLimitPerMinute: number;
}

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
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

export async function authRoutes(app: FastifyInstance, { deps, sites, loginRateLimitPerMinute }: AuthRouteOptions) {
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

  /** A customer creates an account on this site. */
  app.post<{ Body: RegisterBody }>(
    "/prod-api/auth/register",
    { config: { access: "public", rateLimit }, schema: { body: RegisterBody } },
    async (request) => {
      const site = await siteOf(sites, request, request.body.agentCode);
      await register(deps, request.body, site);
      return { code: 200, msg: translate(request.language, "registered") };
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
