import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizAttackEvent, bizCachePurge, bizService, sysSite, sysUser } from "../../db/schema.ts";
import type { UsageEvent } from "../../events/app-events.ts";
import type { PlatformEvent } from "./webhook-payloads.ts";

/**
 * The platform's view of a usage or edge event (issue 40), read in the transaction that makes it:
 * what it is about (the threshold, the attack, the throttle, the purge), the package it concerns
 * (id, order number, product), its customer and site.
 */
export async function usageEvent(tx: Tx, event: UsageEvent, now: Date): Promise<PlatformEvent | null> {
  const [row] = await tx
    .select({ service: bizService, user: sysUser, site: sysSite })
    .from(bizService)
    .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizService.siteId))
    .where(eq(bizService.serviceId, event.serviceId));
  if (!row) return null;
  const about = await aboutOf(tx, event);
  if (!about) return null;
  const { service } = row;
  return {
    siteId: service.siteId,
    serviceId: service.serviceId,
    body: {
      type: event.type,
      timestamp: now.toISOString(),
      data: {
        ...about,
        service: { serviceId: service.serviceId, orderNo: service.orderNo, product: service.product },
        customer: { userId: row.user.userId, userName: row.user.userName, email: row.user.email },
        site: { siteId: service.siteId, agentCode: row.site?.agentCode ?? null, company: row.site?.company ?? null },
      },
    },
  };
}

async function aboutOf(tx: Tx, event: UsageEvent): Promise<Record<string, unknown> | null> {
  switch (event.type) {
    case "usage.threshold":
      return {
        usage: {
          percent: event.percent,
          month: event.month,
          p95Bps: event.p95Bps,
          committedBps: event.committedBps,
        },
      };
    case "service.throttle":
      return { throttle: { throttled: event.throttled, reason: event.reason } };
    case "attack.started":
    case "attack.ended": {
      const [attack] = await tx.select().from(bizAttackEvent).where(eq(bizAttackEvent.eventId, event.attackEventId));
      if (!attack) return null;
      return {
        attack: {
          attackId: attack.attackId,
          startedAt: attack.startedAt.toISOString(),
          endedAt: attack.endedAt?.toISOString() ?? null,
          target: attack.target,
          vector: attack.vector,
          peakBps: attack.peakBps,
          peakPps: attack.peakPps,
          action: attack.action,
        },
      };
    }
    case "cache.purge":
    case "cache.prefetch": {
      const [purge] = await tx.select().from(bizCachePurge).where(eq(bizCachePurge.purgeId, event.purgeId));
      if (!purge) return null;
      return {
        [event.type === "cache.purge" ? "purge" : "prefetch"]: {
          purgeId: purge.purgeId,
          scope: purge.scope,
          targets: purge.targets,
          createdAt: purge.createdAt.toISOString(),
        },
      };
    }
  }
}
