import type { ControlOverview } from "@rampart/contracts";
import { and, count, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, sysLoginLog, sysSession, sysSite, sysUser, sysUserRole } from "../../db/schema.ts";
import type { Principal } from "../../http/principal.ts";
import { usage24hOf } from "../usage-views/usage-24h.ts";

const DAY_MS = 86_400_000;

/**
 * The control center's figures for a signed-in user: their sessions, sign-ins of the last 30 days,
 * packages and unpaid orders; with `seesPlatform` (operators who may list users) the platform's too.
 */
export async function overviewOf(
  db: Db,
  principal: Pick<Principal, "userId" | "userName" | "user">,
  seesPlatform: boolean,
  at: Date,
): Promise<ControlOverview> {
  const since = new Date(at.getTime() - 30 * DAY_MS);
  const live = and(isNull(sysSession.revokedAt), gt(sysSession.expiresAt, at));
  const soon = new Date(at.getTime() + 30 * DAY_MS);
  const [[sessions], attempts, recent, [services], [expiring], [unpaid]] = await Promise.all([
    db
      .select({ n: count() })
      .from(sysSession)
      .where(and(eq(sysSession.userId, principal.userId), live)),
    db
      .select({ success: sysLoginLog.success, n: count() })
      .from(sysLoginLog)
      .where(and(eq(sysLoginLog.userName, principal.userName), gt(sysLoginLog.createdAt, since)))
      .groupBy(sysLoginLog.success),
    db
      .select()
      .from(sysLoginLog)
      .where(eq(sysLoginLog.userName, principal.userName))
      .orderBy(desc(sysLoginLog.createdAt), desc(sysLoginLog.logId))
      .limit(5),
    db.select({ n: count() }).from(bizService).where(eq(bizService.userId, principal.userId)),
    db
      .select({ n: count() })
      .from(bizService)
      .where(
        and(eq(bizService.userId, principal.userId), gt(bizService.expiresAt, at), lte(bizService.expiresAt, soon)),
      ),
    db
      .select({ n: count() })
      .from(bizOrder)
      .where(and(eq(bizOrder.userId, principal.userId), eq(bizOrder.status, "unpaid"))),
  ]);
  const usage24h = await usage24hOf(db, principal.userId, at);
  const { user } = principal;
  let platform: { operators: number; customers: number; sites: number; onlineSessions: number } | undefined;
  if (seesPlatform) {
    // Operators hold a role; customers hold none.
    const [withRoles, [users], [sites], [online]] = await Promise.all([
      db.selectDistinct({ userId: sysUserRole.userId }).from(sysUserRole),
      db.select({ n: count() }).from(sysUser),
      db.select({ n: count() }).from(sysSite),
      db.select({ n: count() }).from(sysSession).where(live),
    ]);
    platform = {
      operators: withRoles.length,
      customers: Number(users?.n ?? 0) - withRoles.length,
      sites: Number(sites?.n ?? 0),
      onlineSessions: Number(online?.n ?? 0),
    };
  }
  return {
    memberSince: user.createTime,
    lastLogin: user.loginDate ? { ip: user.loginIp, at: user.loginDate } : null,
    activeSessions: Number(sessions?.n ?? 0),
    logins30d: {
      succeeded: Number(attempts.find((a) => a.success)?.n ?? 0),
      failed: Number(attempts.find((a) => !a.success)?.n ?? 0),
    },
    business: {
      services: Number(services?.n ?? 0),
      expiringSoon: Number(expiring?.n ?? 0),
      unpaidOrders: Number(unpaid?.n ?? 0),
    },
    usage24h,
    recentLogins: recent.map((row) => ({
      ip: row.ip,
      userAgent: row.userAgent,
      success: row.success,
      at: row.createdAt.toISOString(),
    })),
    ...(platform ? { platform } : {}),
  };
}
