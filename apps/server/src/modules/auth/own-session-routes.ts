import { Ok, OwnSession } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SessionDirectory } from "./sessions.ts";

const SESSIONS = "/prod-api/system/user/profile/sessions";

/**
 * The personal center's sessions: where the user is signed in (browser, address, signed in, last
 * active, this one marked), and ending one of them or all the others, on every process at once.
 */
export async function ownSessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionDirectory }) {
  app.get(
    SESSIONS,
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(Type.Array(OwnSession)) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const principal = principalOf(request);
      const rows = await sessions.ofUser(principal.userId);
      return ok(
        request,
        rows.map((row) => ({
          sessionId: row.sessionId,
          ip: row.ip,
          userAgent: row.userAgent,
          loginAt: row.loginAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.sessionId === principal.sessionId,
        })),
      );
    },
  );

  /** Ends one of the caller's sessions (this one included: that is signing out). */
  app.delete<{ Params: { sessionId: string } }>(
    `${SESSIONS}/:sessionId`,
    {
      config: { access: "signed-in" },
      schema: { params: Type.Object({ sessionId: Type.String({ format: "uuid" }) }) },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!(await sessions.revokeOwn(principal.userId, request.params.sessionId))) {
        throw new NotFoundError("session_not_found");
      }
      return { code: 200, msg: translate(request.language, "ok") };
    },
  );

  /** Ends every session of the caller but the one asking. */
  app.delete(
    SESSIONS,
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(Type.Object({ ended: Type.Integer() })) } } },
    async (request) => {
      const principal = principalOf(request);
      return ok(request, { ended: await sessions.revokeOthers(principal.userId, principal.sessionId) });
    },
  );
}
