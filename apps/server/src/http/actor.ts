import type { Grants } from "@rampart/contracts";
import type { FastifyRequest } from "fastify";
import { principalOf } from "./access.ts";
import { siteScopeOf } from "./data-scope.ts";

/** Who is asking an administration route: their grants, their account and their site scope. */
export interface Actor extends Grants {
  userId: number;
  /** The site whose records they may see and change; null: all. */
  siteScope: number | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const principal = principalOf(request);
  return {
    userId: principal.userId,
    roles: principal.roles,
    permissions: principal.permissions,
    siteScope: siteScopeOf(principal),
  };
}
