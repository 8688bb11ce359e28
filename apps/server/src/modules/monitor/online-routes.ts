import { Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { ok } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { SessionDirectory } from "../auth/sessions.ts";

const OnlineSession = Type.Object({
  sessionId: Type.String(),
  userName: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  loginAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
});

export async function onlineRoutes(app: FastifyInstance, { sessions }: { sessions: SessionDirectory }) {
  /** Live sessions (system monitoring → online users). */
  app.get(
    "/prod-api/monitor/online/list",
    {
      config: { access: { permission: "monitor:online:list" } },
      schema: { response: { 200: Ok(Type.Array(OnlineSession)) } },
    },
    async (request) => {
      const rows = await sessions.online();
      return ok(
        request,
        rows.map((row) => ({
          ...row,
          loginAt: row.loginAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
      );
    },
  );

  /** Forced logout: the session ends at once, on every server process. */
  app.delete<{ Params: { sessionId: string } }>(
    "/prod-api/monitor/online/:sessionId",
    {
      config: { access: { permission: "monitor:online:forceLogout" } },
      schema: { params: Type.Object({ sessionId: Type.String({ format: "uuid" }) }) },
    },
    async (request) => {
      if (!(await sessions.revoke(request.params.sessionId, "forced"))) throw new NotFoundError("session_not_found");
      return { code: 200, msg: translate(request.language, "ok") };
    },
  );
}
