import { type AttackView, USAGE_TOP_KINDS, USAGE_TOP_LIMIT, type UsageSeriesView } from "@rampart/contracts";
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizAttackEvent, bizServiceDomain, bizUsage5m, bizUsageDaily, bizUsageHourly } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";

/** The attacks on a service (on one target when a domain is chosen) that overlap a range, latest first. */
export async function attacksIn(
  db: Db,
  serviceId: number,
  domain: string,
  from: Date,
  to: Date,
): Promise<AttackView[]> {
  const rows = await db
    .select()
    .from(bizAttackEvent)
    .where(
      and(
        eq(bizAttackEvent.serviceId, serviceId),
        domain ? eq(bizAttackEvent.target, domain) : undefined,
        lt(bizAttackEvent.startedAt, to),
        or(isNull(bizAttackEvent.endedAt), gte(bizAttackEvent.endedAt, from)),
      ),
    )
    .orderBy(desc(bizAttackEvent.startedAt))
    .limit(500);
  return rows.map((row) => ({
    attackId: row.attackId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    target: row.target,
    vector: row.vector,
    peakBps: row.peakBps,
    peakPps: row.peakPps,
    action: row.action as AttackView["action"],
  }));
}

/**
 * The top lists of the days (UTC, as the platform sends them) a range touches, added up: the first
 * 50 of each kind by requests.
 */
export async function topsIn(db: Db, serviceId: number, from: Date, to: Date): Promise<UsageSeriesView["tops"]> {
  const first = from.toISOString().slice(0, 10);
  const last = new Date(to.getTime() - 1).toISOString().slice(0, 10);
  const rows = await sqlRows<{ kind: string; key: string; requests: string; bytes: string }>(
    db,
    sql`select kind, key, requests, bytes from (
          select kind, key, sum(requests) as requests, sum(bytes) as bytes,
                 row_number() over (partition by kind order by sum(requests) desc, key) as place
            from biz_usage_top
           where service_id = ${serviceId} and day >= ${first} and day <= ${last}
           group by kind, key) t
         where place <= ${USAGE_TOP_LIMIT}
         order by kind, place`,
  );
  const tops = Object.fromEntries(USAGE_TOP_KINDS.map((kind) => [kind, []])) as unknown as UsageSeriesView["tops"];
  for (const row of rows) {
    const list = tops[row.kind as keyof typeof tops];
    list?.push({ key: row.key, requests: Number(row.requests), bytes: Number(row.bytes) });
  }
  return tops;
}

/** The service's domains, by name. */
export async function domainsOf(db: Db, serviceId: number): Promise<string[]> {
  const rows = await db
    .select({ name: bizServiceDomain.name })
    .from(bizServiceDomain)
    .where(eq(bizServiceDomain.serviceId, serviceId))
    .orderBy(asc(bizServiceDomain.name));
  return rows.map((row) => row.name);
}

/** Whether the platform has sent any figures or attack for the service. */
export async function everReported(db: Db, serviceId: number): Promise<boolean> {
  const found = await Promise.all([
    db.select({ one: sql`1` }).from(bizUsage5m).where(eq(bizUsage5m.serviceId, serviceId)).limit(1),
    db.select({ one: sql`1` }).from(bizUsageHourly).where(eq(bizUsageHourly.serviceId, serviceId)).limit(1),
    db.select({ one: sql`1` }).from(bizUsageDaily).where(eq(bizUsageDaily.serviceId, serviceId)).limit(1),
    db.select({ one: sql`1` }).from(bizAttackEvent).where(eq(bizAttackEvent.serviceId, serviceId)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}
