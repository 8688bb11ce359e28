import type { UsageTarget } from "@rampart/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizService, bizServiceDomain } from "../../db/schema.ts";

/**
 * The services the platform reports figures for (active or in grace), in an operator's scope,
 * with their committed bandwidth and their domains: what the platform itself knows of them from
 * the service and domain events, for a stand-in platform (`rampart simulate-platform`).
 */
export async function usageTargets(db: Db, siteScope: number | null): Promise<UsageTarget[]> {
  const services = await db
    .select({
      serviceId: bizService.serviceId,
      product: bizService.product,
      siteId: bizService.siteId,
      configuration: bizService.configuration,
    })
    .from(bizService)
    .where(
      and(
        inArray(bizService.state, ["active", "grace"]),
        siteScope === null ? undefined : eq(bizService.siteId, siteScope),
      ),
    )
    .orderBy(asc(bizService.serviceId));
  if (services.length === 0) return [];
  const domains = await db
    .select({ serviceId: bizServiceDomain.serviceId, name: bizServiceDomain.name })
    .from(bizServiceDomain)
    .where(
      inArray(
        bizServiceDomain.serviceId,
        services.map((service) => service.serviceId),
      ),
    )
    .orderBy(asc(bizServiceDomain.name));
  return services.map(({ serviceId, product, siteId, configuration }) => ({
    serviceId,
    product,
    siteId,
    committedMbps: Number(configuration.quantities?.bandwidth ?? 0),
    domains: domains.filter((domain) => domain.serviceId === serviceId).map((domain) => domain.name),
  }));
}
