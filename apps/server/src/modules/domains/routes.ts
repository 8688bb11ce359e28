import { DomainAddBody, DomainSettingsBody, Id, OrderNo } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { AppError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { addDomain, type DomainDeps, removeDomain, serviceDomains, updateDomain, verifyDomain } from "./domains.ts";
import { goLiveCheck } from "./go-live.ts";

const ServiceParams = Type.Object({ orderNo: OrderNo() });
const DomainParams = Type.Object({ orderNo: OrderNo(), domainId: Id() });
type Service = { Params: { orderNo: string } };
type Domain = { Params: { orderNo: string; domainId: number } };
/** DNS lookups and connections to the origin made on demand: a few a minute per client. */
const ON_DEMAND = { max: 30, timeWindow: "1 minute" };

/**
 * A package's domains (CDN, DDoS, WAF), its owner's only: added within the plan, verified by their
 * CNAME, given their origin and rules, checked before going live, removed.
 */
export async function domainRoutes(app: FastifyInstance, deps: DomainDeps) {
  const signedIn = { access: "signed-in" as const };
  const base = "/prod-api/control/services/:orderNo/domains";

  app.get<Service>(base, { config: signedIn, schema: { params: ServiceParams } }, async (request) =>
    ok(request, await serviceDomains(deps.db, principalOf(request).userId, request.params.orderNo)),
  );

  app.post<Service & { Body: DomainAddBody }>(
    base,
    { config: signedIn, schema: { params: ServiceParams, body: DomainAddBody } },
    async (request) => {
      const added = await addDomain(deps, principalOf(request).userId, request.params.orderNo, request.body.name);
      return { ...ok(request, added), msg: translate(request.language, "domain_added") };
    },
  );

  app.post<Domain>(
    `${base}/:domainId/verify`,
    { config: { ...signedIn, rateLimit: ON_DEMAND }, schema: { params: DomainParams } },
    async (request) => {
      const { userId } = principalOf(request);
      const result = await verifyDomain(deps, userId, request.params.orderNo, request.params.domainId);
      if (!result.ok) throw new AppError(409, "domain_not_verified", { value: result.expected });
      return { ...ok(request, result), msg: translate(request.language, "domain_verified") };
    },
  );

  app.put<Domain & { Body: DomainSettingsBody }>(
    `${base}/:domainId`,
    { config: signedIn, schema: { params: DomainParams, body: DomainSettingsBody } },
    async (request) => {
      const { userId } = principalOf(request);
      const saved = await updateDomain(deps, userId, request.params.orderNo, request.params.domainId, request.body);
      return { ...ok(request, saved), msg: translate(request.language, "domain_saved") };
    },
  );

  app.delete<Domain>(`${base}/:domainId`, { config: signedIn, schema: { params: DomainParams } }, async (request) => {
    await removeDomain(deps, principalOf(request).userId, request.params.orderNo, request.params.domainId);
    return { code: 200, msg: translate(request.language, "domain_removed") };
  });

  app.get<Domain>(
    `${base}/:domainId/go-live`,
    { config: { ...signedIn, rateLimit: ON_DEMAND }, schema: { params: DomainParams } },
    async (request) =>
      ok(
        request,
        await goLiveCheck(deps, principalOf(request).userId, request.params.orderNo, request.params.domainId),
      ),
  );
}
