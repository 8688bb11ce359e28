import { Id, MonitorBody, type MonitorRange, MonitorReportQuery } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";
import { monitorReport } from "./monitor-report.ts";
import {
  checkNow,
  createMonitor,
  listMonitors,
  type MonitorDeps,
  monitorOf,
  removeMonitor,
  updateMonitor,
} from "./monitors.ts";

const MonitorParams = Type.Object({ monitorId: Id() });
type Params = { Params: { monitorId: number } };
/** Requests to a customer's address made on demand: a few a minute per client, never a flood. */
const ON_DEMAND = { max: 30, timeWindow: "1 minute" };

/**
 * Control center → Monitoring: a signed-in user's own website checks (never another's: every
 * route looks the monitor up by its owner), their figures and incidents, "check now".
 */
export async function uptimeRoutes(app: FastifyInstance, deps: MonitorDeps) {
  const { db, now } = deps;
  const signedIn = { access: "signed-in" as const };

  app.get("/prod-api/control/monitors", { config: signedIn }, async (request) =>
    ok(request, await listMonitors(db, principalOf(request).userId, now())),
  );

  app.post<{ Body: MonitorBody }>(
    "/prod-api/control/monitors",
    { config: signedIn, schema: { body: MonitorBody } },
    async (request) => {
      const principal = principalOf(request);
      const monitorId = await createMonitor(deps, { userId: principal.userId, siteId: principal.siteId }, request.body);
      return {
        ...ok(request, await monitorOf(db, principal.userId, monitorId, now())),
        msg: translate(request.language, "monitor_saved"),
      };
    },
  );

  app.put<Params & { Body: MonitorBody }>(
    "/prod-api/control/monitors/:monitorId",
    { config: signedIn, schema: { params: MonitorParams, body: MonitorBody } },
    async (request) => {
      const { userId } = principalOf(request);
      await updateMonitor(deps, userId, request.params.monitorId, request.body);
      return {
        ...ok(request, await monitorOf(db, userId, request.params.monitorId, now())),
        msg: translate(request.language, "monitor_saved"),
      };
    },
  );

  app.delete<Params>(
    "/prod-api/control/monitors/:monitorId",
    { config: signedIn, schema: { params: MonitorParams } },
    async (request) => {
      await removeMonitor(db, principalOf(request).userId, request.params.monitorId);
      return { code: 200, msg: translate(request.language, "monitor_removed") };
    },
  );

  app.post<Params>(
    "/prod-api/control/monitors/:monitorId/check",
    { config: { ...signedIn, rateLimit: ON_DEMAND }, schema: { params: MonitorParams } },
    async (request) => {
      await checkNow(deps, principalOf(request).userId, request.params.monitorId);
      return { code: 200, msg: translate(request.language, "monitor_check_queued") };
    },
  );

  app.get<Params & { Querystring: { range?: MonitorRange } }>(
    "/prod-api/control/monitors/:monitorId/report",
    { config: signedIn, schema: { params: MonitorParams, querystring: MonitorReportQuery } },
    async (request) =>
      ok(
        request,
        await monitorReport(
          db,
          principalOf(request).userId,
          request.params.monitorId,
          request.query.range ?? "24h",
          now(),
        ),
      ),
  );
}
