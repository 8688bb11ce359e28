import {
  LoginLogQuery,
  LoginLogView,
  Ok,
  OnlineSessionView,
  OperLogQuery,
  OperLogView,
  Page,
  ServerStatusView,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Database } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { actorOf } from "../../http/actor.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import { assertCanActOn } from "../auth/grant-guard.ts";
import { grantsOf } from "../auth/grants.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { listLoginLog } from "./login-log.ts";
import { listOperLog } from "./oper-log.ts";
import { ProcessCpuMeter, readServerStatus } from "./server-status.ts";

/**
 * System monitoring: online users (with forced logout), the login log, the operation log and the
 * server's status. An operator bound to a site sees, and can force out, only that site's accounts.
 */
export async function monitorRoutes(
  app: FastifyInstance,
  { database, sessions, jobs }: { database: Database; sessions: SessionDirectory; jobs: JobRunner },
) {
  app.get(
    "/prod-api/monitor/online/list",
    {
      config: { access: { permission: "monitor:online:list" } },
      schema: { response: { 200: Ok(Type.Array(OnlineSessionView)) } },
    },
    async (request) => {
      const rows = await sessions.online(siteScopeOf(principalOf(request)));
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
      const { sessionId } = request.params;
      const actor = actorOf(request);
      const target = (await sessions.online(actor.siteScope)).find((s) => s.sessionId === sessionId);
      if (!target) throw new NotFoundError("session_not_found");
      // Ending someone's session is acting on them: not on a user who holds more than the actor.
      if (target.userId !== actor.userId) assertCanActOn(actor, await grantsOf(database.db, target.userId));
      if (!(await sessions.revoke(sessionId, "forced"))) throw new NotFoundError("session_not_found");
      return { code: 200, msg: translate(request.language, "ok") };
    },
  );

  app.get<{ Querystring: LoginLogQuery }>(
    "/prod-api/monitor/logininfor/list",
    {
      config: { access: { permission: "monitor:logininfor:list" } },
      schema: { querystring: LoginLogQuery, response: { 200: Page(LoginLogView) } },
    },
    async (request) => {
      const { rows, total } = await listLoginLog(database.db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  app.get<{ Querystring: OperLogQuery }>(
    "/prod-api/monitor/operlog/list",
    {
      config: { access: { permission: "monitor:operlog:list" } },
      schema: { querystring: OperLogQuery, response: { 200: Page(OperLogView) } },
    },
    async (request) => {
      const { rows, total } = await listOperLog(database.db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  const cpu = new ProcessCpuMeter();
  app.get(
    "/prod-api/monitor/server",
    {
      config: { access: { permission: "monitor:server:list" } },
      schema: { response: { 200: Ok(ServerStatusView) } },
    },
    async (request) => {
      const live = await sessions.online();
      return ok(
        request,
        await readServerStatus(database, cpu, live.length, () => jobs.health(), siteScopeOf(principalOf(request))),
      );
    },
  );
}
