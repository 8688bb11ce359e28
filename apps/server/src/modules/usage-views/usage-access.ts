import { hasPermission, isTimeZone } from "@rampart/contracts";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizService, sysSite, sysUser } from "../../db/schema.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { AppError } from "../../http/errors.ts";
import type { Principal } from "../../http/principal.ts";

export type ServiceRow = typeof bizService.$inferSelect;

/**
 * The package whose usage is asked for: the caller's own, or, for an operator who may list
 * packages, any of their site's (any at all when bound to none). Anyone else's: 404, as if absent.
 */
export async function readableService(db: Db, principal: Principal, orderNo: string): Promise<ServiceRow> {
  const [service] = await db.select().from(bizService).where(eq(bizService.orderNo, orderNo));
  if (!service) throw new AppError(404, "service_not_found");
  if (service.userId === principal.userId) return service;
  if (hasPermission(principal, "business:service:list")) {
    const scope = siteScopeOf(principal);
    if (scope === null || scope === service.siteId) return service;
  }
  throw new AppError(404, "service_not_found");
}

/** The reader's time zone: their own, else their site's (the default site's for a user of none), else UTC. */
export async function readerZone(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ own: sysUser.timeZone, site: sysSite.timeZone })
    .from(sysUser)
    .leftJoin(sysSite, or(eq(sysSite.siteId, sysUser.siteId), and(isNull(sysUser.siteId), eq(sysSite.isDefault, true))))
    .where(eq(sysUser.userId, userId));
  if (row && isTimeZone(row.own)) return row.own;
  if (row?.site && isTimeZone(row.site)) return row.site;
  return "UTC";
}

/** The bandwidth bought, bits per second (the configuration's Mbps), or null. */
export function committedBps(service: ServiceRow): number | null {
  const mbps = service.configuration.quantities?.bandwidth;
  return typeof mbps === "number" && mbps > 0 ? mbps * 1_000_000 : null;
}
