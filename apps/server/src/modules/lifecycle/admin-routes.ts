import {
  BigId,
  Ok,
  OperatorServiceView,
  Page,
  type Permission,
  SERVICE_OPERATOR_MOVES,
  ServiceExtendBody,
  ServiceHistoryEntry,
  ServiceListQuery,
  ServiceMoveBody,
  type ServiceOperatorMove,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { fieldLabel } from "../../http/field-labels.ts";
import { translate } from "../../http/messages.ts";
import { utcMinute } from "../../http/utc-minute.ts";
import {
  extendService,
  listServices,
  moveByOperator,
  type Refusal,
  type ServiceAdminDeps,
  serviceHistory,
} from "./service-admin.ts";

const ServiceParams = Type.Object({ serviceId: BigId() });

type MessageKey = Parameters<typeof translate>[1];

/** Who may do each move, what a refusal because of the service's state says, and what success says. */
const MOVE_RULES: Record<ServiceOperatorMove, { permission: Permission; conflict: MessageKey; done: MessageKey }> = {
  suspend: {
    permission: "business:service:suspend",
    conflict: "service_suspend_conflict",
    done: "service_suspended_done",
  },
  unsuspend: {
    permission: "business:service:suspend",
    conflict: "service_unsuspend_conflict",
    done: "service_unsuspended_done",
  },
  terminate: {
    permission: "business:service:terminate",
    conflict: "service_terminate_conflict",
    done: "service_terminated_done",
  },
};

/**
 * Business → Services: the services an operator may see (their site's when bound to one), each
 * one's history, and the operator's moves (suspend, unsuspend, terminate, extend) with a reason.
 */
export async function serviceAdminRoutes(
  app: FastifyInstance,
  { deps, now }: { deps: ServiceAdminDeps; now: () => Date },
) {
  const refuse = (refusal: Refusal, conflict: MessageKey): never => {
    if (refusal.reason === "missing") throw new NotFoundError("service_missing");
    if (refusal.reason === "expired")
      throw new AppError(409, "service_unsuspend_expired", { value: utcMinute(refusal.expiresAt) });
    throw new AppError(409, conflict);
  };

  /** The reason, trimmed: blank is no reason (the schema lets spaces through). */
  const reasonOf = (body: { reason: string }): string => {
    const reason = body.reason.trim();
    if (!reason) throw new BadRequestError("field_required", { field: fieldLabel("reason") });
    return reason;
  };

  app.get<{ Querystring: ServiceListQuery }>(
    "/prod-api/business/service/list",
    {
      config: { access: { permission: "business:service:list" } },
      schema: { querystring: ServiceListQuery, response: { 200: Page(OperatorServiceView) } },
    },
    async (request) => {
      const scope = siteScopeOf(principalOf(request));
      const { rows, total } = await listServices(deps.db, request.query, scope, now());
      return page(request, rows, total);
    },
  );

  app.get<{ Params: { serviceId: number } }>(
    "/prod-api/business/service/:serviceId/history",
    {
      config: { access: { permission: "business:service:list" } },
      schema: { params: ServiceParams, response: { 200: Ok(Type.Array(ServiceHistoryEntry)) } },
    },
    async (request) => {
      const history = await serviceHistory(deps.db, request.params.serviceId, siteScopeOf(principalOf(request)));
      if (!history) throw new NotFoundError("service_missing");
      return ok(request, history);
    },
  );

  for (const move of SERVICE_OPERATOR_MOVES) {
    const { permission, conflict, done } = MOVE_RULES[move];
    app.post<{ Params: { serviceId: number }; Body: ServiceMoveBody }>(
      `/prod-api/business/service/:serviceId/${move}`,
      { config: { access: { permission } }, schema: { params: ServiceParams, body: ServiceMoveBody } },
      async (request) => {
        const principal = principalOf(request);
        const result = await moveByOperator(deps, {
          serviceId: request.params.serviceId,
          move,
          reason: reasonOf(request.body),
          actor: principal.userName,
          siteScope: siteScopeOf(principal),
          now: now(),
        });
        if (!result.ok) return refuse(result, conflict);
        request.changed = { before: null, after: { state: result.service.state, reason: request.body.reason } };
        const value = utcMinute(result.service.expiresAt);
        return { code: 200, msg: translate(request.language, done, { value }) };
      },
    );
  }

  app.post<{ Params: { serviceId: number }; Body: ServiceExtendBody }>(
    "/prod-api/business/service/:serviceId/extend",
    {
      config: { access: { permission: "business:service:extend" } },
      schema: { params: ServiceParams, body: ServiceExtendBody },
    },
    async (request) => {
      const principal = principalOf(request);
      const result = await extendService(deps, {
        serviceId: request.params.serviceId,
        days: request.body.days,
        reason: reasonOf(request.body),
        actor: principal.userName,
        siteScope: siteScopeOf(principal),
        now: now(),
      });
      if (!result.ok) return refuse(result, "service_extend_conflict");
      const value = utcMinute(result.service.expiresAt);
      request.changed = { before: null, after: { expiresAt: value, reason: request.body.reason } };
      return { code: 200, msg: translate(request.language, "service_extended_done", { value }) };
    },
  );
}
