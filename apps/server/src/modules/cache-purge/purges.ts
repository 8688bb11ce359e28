import type { PurgeBody, PurgeListView, PurgeView } from "@rampart/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizCachePurge, bizService, bizServiceDomain } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { AppError } from "../../http/errors.ts";
import { domainServiceOf } from "../domains/domains.ts";
import { siteTimeZone } from "../usage-alerts/site-month.ts";
import { purgeQuota } from "./purge-settings.ts";
import { checkTargets } from "./purge-targets.ts";

export interface PurgeDeps {
  db: Db;
  emitEvent: EmitEvent;
  now: () => Date;
}

/** Requests shown to the customer, newest first. */
const SHOWN = 50;

type PurgeRow = typeof bizCachePurge.$inferSelect;
const purgeView = (row: PurgeRow): PurgeView => ({
  purgeId: row.purgeId,
  kind: row.kind,
  scope: row.scope,
  targets: row.targets,
  state: row.state,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The day (YYYY-MM-DD) a moment falls on in a time zone: the quota's day. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** Entries of a package's requests on a day. */
async function usedOn(db: Db | Tx, serviceId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(jsonb_array_length(${bizCachePurge.targets})), 0)::int` })
    .from(bizCachePurge)
    .where(and(eq(bizCachePurge.serviceId, serviceId), eq(bizCachePurge.day, day)));
  return Number(row?.used ?? 0);
}

/** A package's latest purges and prefetches and today's quota (its owner's only). */
export async function listPurges(deps: PurgeDeps, userId: number, orderNo: string): Promise<PurgeListView> {
  const service = await domainServiceOf(deps.db, userId, orderNo);
  const rows = await deps.db
    .select()
    .from(bizCachePurge)
    .where(eq(bizCachePurge.serviceId, service.serviceId))
    .orderBy(desc(bizCachePurge.purgeId))
    .limit(SHOWN);
  const day = dayIn(deps.now(), await siteTimeZone(deps.db, service.siteId));
  return {
    purges: rows.map(purgeView),
    quota: { used: await usedOn(deps.db, service.serviceId, day), limit: await purgeQuota(deps.db, service.product) },
  };
}

/**
 * A purge or prefetch asked for by the package's owner while it is served: its entries checked
 * against the package's domains, counted against the product's daily quota (the site's day) under
 * the package's lock, recorded "pending" and announced to the platform (`cache.purge`,
 * `cache.prefetch`) in the same transaction. Anything refused records nothing.
 */
export async function requestPurge(
  deps: PurgeDeps,
  userId: number,
  orderNo: string,
  body: PurgeBody,
): Promise<PurgeView> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const service = await domainServiceOf(tx, userId, orderNo, true);
    await tx.execute(sql`select 1 from ${bizService} where ${bizService.serviceId} = ${service.serviceId} for update`);
    const domains = await tx
      .select({ name: bizServiceDomain.name })
      .from(bizServiceDomain)
      .where(eq(bizServiceDomain.serviceId, service.serviceId));
    const targets = checkTargets(
      body,
      domains.map((d) => d.name),
    );
    const day = dayIn(now, await siteTimeZone(tx, service.siteId));
    const limit = await purgeQuota(tx, service.product);
    if ((await usedOn(tx, service.serviceId, day)) + targets.length > limit)
      throw new AppError(429, "purge_quota_exceeded", { value: limit });
    const [row] = await tx
      .insert(bizCachePurge)
      .values({
        serviceId: service.serviceId,
        userId,
        kind: body.kind,
        scope: body.scope,
        targets,
        day,
        createdAt: now,
      })
      .returning();
    await deps.emitEvent(tx, {
      type: body.kind === "purge" ? "cache.purge" : "cache.prefetch",
      serviceId: service.serviceId,
      purgeId: row!.purgeId,
    });
    return purgeView(row!);
  });
}

/** The platform's answer to a request: done or failed (with its message), once. */
export async function finishPurge(
  tx: Tx,
  purgeId: number,
  answer: { status: "done" | "failed"; message?: string | undefined },
  now: Date,
): Promise<boolean> {
  const finished = await tx
    .update(bizCachePurge)
    .set({ state: answer.status, message: answer.message?.trim() || null, finishedAt: now })
    .where(and(eq(bizCachePurge.purgeId, purgeId), eq(bizCachePurge.state, "pending")))
    .returning({ purgeId: bizCachePurge.purgeId });
  return finished.length > 0;
}
