import type { LoginLogQuery, LoginLogView } from "@rampart/contracts";
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysLoginLog, sysUser } from "../../db/schema.ts";
import { dayRange } from "../../http/day-range.ts";

/**
 * The login attempts an operator may see, newest first: all of them for an administrator; for an
 * operator bound to a site, those made with the names of that site's accounts.
 */
export async function listLoginLog(db: Db, query: LoginLogQuery, siteScope: number | null) {
  const userName = query.userName?.trim();
  const ip = query.ip?.trim();
  const { from, until } = dayRange(query);
  const where = and(
    ...([
      siteScope === null
        ? undefined
        : inArray(
            sysLoginLog.userName,
            db.select({ userName: sysUser.userName }).from(sysUser).where(eq(sysUser.siteId, siteScope)),
          ),
      userName ? ilike(sysLoginLog.userName, likeAnywhere(userName)) : undefined,
      ip ? ilike(sysLoginLog.ip, likeAnywhere(ip)) : undefined,
      query.outcome ? eq(sysLoginLog.success, query.outcome === "success") : undefined,
      from ? gte(sysLoginLog.createdAt, from) : undefined,
      until ? lt(sysLoginLog.createdAt, until) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(sysLoginLog)
      .where(where)
      .orderBy(desc(sysLoginLog.createdAt), desc(sysLoginLog.logId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysLoginLog).where(where),
  ]);
  const views: LoginLogView[] = rows.map((row) => ({
    logId: row.logId,
    userName: row.userName,
    ip: row.ip,
    userAgent: row.userAgent,
    success: row.success,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
  return { rows: views, total: totals[0]?.total ?? 0 };
}
