import { hasPermission, hasRole, type Permission } from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { TokenSigner } from "../secrets/tokens.ts";
import { API_DOCS, API_PREFIX } from "./api-paths.ts";
import { siteScopeOf } from "./data-scope.ts";
import { AppError } from "./errors.ts";
import type { Principal, PrincipalSource } from "./principal.ts";

/**
 * What a route asks of the caller. Every /prod-api route declares one (config.access), or the
 * server refuses to start: a route that forgot is a route open to everyone.
 */
export type Access = "public" | "signed-in" | { permission: Permission; global?: true } | { role: string };

export interface AccessEntry {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Open to a user whose role demands a second factor they have not set up yet (who they are,
     * setting it up, keeping the session): every other signed-in route answers 403 until they do.
     */
    allowedBeforeTwoFactor?: true;
  }
  interface FastifyRequest {
    /** The signed-in caller, when the request carries a live session's token. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every API route and what it asks (the authorization matrix test reads it). */
    accessTable: AccessEntry[];
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of the Authorization header; the cookie alone never authenticates (no CSRF). */
function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? "")?.[1];
}

export class UnauthorizedError extends AppError {
  constructor(hadToken: boolean) {
    super(401, hadToken ? "session_expired" : "unauthorized");
  }
}

/**
 * Authenticates each API request from its bearer token and enforces the route's declared access
 * before the body is even read: no live session → 401, a session without the permission or role
 * → 403. The one place where the server decides who may do what.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: { sessions: PrincipalSource; tokens: TokenSigner }) => {
    const table: AccessEntry[] = [];
    app.decorate("accessTable", table);
    app.decorateRequest("principal", null);

    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith(`${API_PREFIX}/`) || route.url.includes("*")) return;
      // The API documentation's own pages (registered by Swagger UI) are public.
      if (route.url === API_DOCS || route.url.startsWith(`${API_DOCS}/`)) {
        route.config = { ...route.config, access: "public" };
      }
      const access = route.config?.access;
      const methods = ([] as string[]).concat(route.method);
      if (!access) throw new Error(`${methods.join(",")} ${route.url} declares no access (config.access)`);
      for (const method of methods) if (method !== "HEAD") table.push({ method, url: route.url, access });
    });

    /** Who is asking, when this process knows without waiting (undefined: it must read). */
    const knownPrincipal = (token: string): Principal | null | undefined => {
      const claims = options.tokens.knownClaims(token);
      if (claims === undefined) return undefined;
      return claims === null ? null : options.sessions.keptPrincipal(claims.sessionId, claims.userId);
    };
    /** Who is asking: the token's signature checked, its session read. */
    const readPrincipal = async (token: string): Promise<Principal | null> => {
      const claims = await options.tokens.verify(token);
      return claims ? options.sessions.principal(claims.sessionId, claims.userId) : null;
    };

    /** Whether the caller (request.principal) may: returns when they may, throws a refusal otherwise. */
    const decide = (request: FastifyRequest, access: Access, token: string | undefined): void => {
      if (access === "public") return;
      const principal = request.principal;
      if (!principal) throw new UnauthorizedError(token !== undefined);
      if (principal.twoFactorEnrolment && !request.routeOptions.config.allowedBeforeTwoFactor) {
        throw new AppError(403, "two_factor_enrolment_required");
      }
      if (access === "signed-in") return;
      const allowed =
        "permission" in access ? hasPermission(principal, access.permission) : hasRole(principal, access.role);
      if (!allowed) throw new AppError(403, "forbidden");
      // A global object (every site's settings, roles, menus, dictionaries, the list of sites) is
      // changed by an administrator or an operator bound to no site, never by one site's operator.
      if ("global" in access && access.global && siteScopeOf(principal) !== null) {
        throw new AppError(403, "global_object");
      }
    };

    // A callback hook: a route open to all, asked without a token (pages, branding, assets), and a
    // caller whose token and session this process knows already, pass on without a promise.
    app.addHook("onRequest", (request, _reply, done) => {
      const access = request.routeOptions.config?.access;
      if (!access) return done();
      const token = bearerToken(request);
      if (access === "public" && token === undefined) return done();
      let known: Principal | null | undefined;
      try {
        known = token === undefined ? null : knownPrincipal(token);
        if (known !== undefined) {
          request.principal = known;
          decide(request, access, token);
        }
      } catch (error) {
        return done(error as Error);
      }
      if (known !== undefined) return done();
      readPrincipal(token!)
        .then((principal) => {
          request.principal = principal;
          decide(request, access, token);
        })
        .then(() => done(), done);
    });
  },
  { name: "access", dependencies: ["errors"] },
);

/** The principal of a route that declared it needs one (after the access hook ran). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError(false);
  return request.principal;
}
