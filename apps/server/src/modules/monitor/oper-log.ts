import type { OperLogQuery, OperLogView } from "@rampart/contracts";
import { and, count, desc, eq, gt, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { OPERATION_PENDING, sysOperLog } from "../../db/schema.ts";
import { dayRange } from "../../http/day-range.ts";

/**
 * The operations an operator may see, newest first: all for an administrator; for an operator
 * bound to a site, those made by that site's accounts.
 */
export async function listOperLog(db: Db, query: OperLogQuery, siteScope: number | null) {
  const userName = query.userName?.trim();
  const { from, until } = dayRange(query);
  const where = and(
    ...([
      siteScope === null ? undefined : eq(sysOperLog.siteId, siteScope),
      userName ? ilike(sysOperLog.userName, likeAnywhere(userName)) : undefined,
      query.module ? eq(sysOperLog.module, query.module) : undefined,
      query.outcome === "success"
        ? and(gt(sysOperLog.statusCode, OPERATION_PENDING), lt(sysOperLog.statusCode, 400))
        : undefined,
      query.outcome === "failure" ? gte(sysOperLog.statusCode, 400) : undefined,
      query.outcome === "unknown" ? eq(sysOperLog.statusCode, OPERATION_PENDING) : undefined,
      from ? gte(sysOperLog.createdAt, from) : undefined,
      until ? lt(sysOperLog.createdAt, until) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sysOperLog)
      .where(where)
      .orderBy(desc(sysOperLog.createdAt), desc(sysOperLog.operId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysOperLog).where(where),
  ]);
  const views: OperLogView[] = rows.map((row) => ({
    operId: row.operId,
    module: row.module,
    route: row.route,
    target: row.target,
    userName: row.userName,
    ip: row.ip,
    statusCode: row.statusCode,
    error: row.error,
    body: row.body,
    before: row.before,
    after: row.after,
    costMs: row.costMs,
    createdAt: row.createdAt.toISOString(),
  }));
  return { rows: views, total: totals[0]?.total ?? 0 };
}
