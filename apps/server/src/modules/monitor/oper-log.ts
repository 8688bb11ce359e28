import type { OperLogQuery, OperLogView } from "@rampart/contracts";
import { and, desc, eq, gt, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import { countedRow, countUpTo } from "../../db/capped-count.ts";
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
  const offset = (query.pageNum - 1) * query.pageSize;
  const newestFirst = [desc(sysOperLog.createdAt), desc(sysOperLog.operId)];
  const pageIds = db
    .select({ operId: sysOperLog.operId })
    .from(sysOperLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset(offset);
  const [rows, total] = await Promise.all([
    // The page's operations chosen from an index alone (sys_oper_log_time and the others end with
    // the id), then read: the rows skipped to reach a later page are not read.
    db
      .select()
      .from(sysOperLog)
      .where(inArray(sysOperLog.operId, pageIds))
      .orderBy(...newestFirst),
    countUpTo(db, db.select(countedRow).from(sysOperLog).where(where).$dynamic(), offset),
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
  return { rows: views, total };
}
