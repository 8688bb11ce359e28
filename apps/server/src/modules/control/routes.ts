import { DashboardQuery, DashboardView, hasPermission, Ok } from "@rampart/contracts";
import { and, count, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, sysLoginLog, sysSession, sysSite, sysUser, sysUserRole } from "../../db/schema.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok } from "../../http/envelope.ts";
import { type DashboardFilter, dashboardFor } from "./dashboard.ts";

const DAY_MS = 86_400_000;

const Overview = Type.Object({
  memberSince: Type.String(),
  lastLogin: Type.Union([Type.Object({ ip: Type.String(), at: Type.String() }), Type.Null()]),
  activeSessions: Type.Integer(),
  logins30d: Type.Object({ succeeded: Type.Integer(), failed: Type.Integer() }),
  recentLogins: Type.Array(
    Type.Object({ ip: Type.String(), userAgent: Type.String(), success: Type.Boolean(), at: Type.String() }),
  ),
  /** The caller's own packages and orders (the customer center's overview). */
  business: Type.Object({
    services: Type.Integer(),
    /** Active packages that end within 30 days. */
    expiringSoon: Type.Integer(),
    unpaidOrders: Type.Integer(),
  }),
  /** For operators who may list users: the platform's figures. */
  platform: Type.Optional(
    Type.Object({
      operators: Type.Integer(),
      customers: Type.Integer(),
      sites: Type.Integer(),
      onlineSessions: Type.Integer(),
    }),
  ),
});

export async function controlRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  /** The control center's figures for the caller (and the platform's, for operators). */
  app.get(
    "/prod-api/control/overview",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(Overview) } } },
    async (request) => {
      const principal = principalOf(request);
      const at = now();
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
      const { user } = principal;
      let platform: { operators: number; customers: number; sites: number; onlineSessions: number } | undefined;
      if (hasPermission(principal, "system:user:list")) {
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
      return ok(request, {
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
        recentLogins: recent.map((row) => ({
          ip: row.ip,
          userAgent: row.userAgent,
          success: row.success,
          at: row.createdAt.toISOString(),
        })),
        ...(platform ? { platform } : {}),
      });
    },
  );

  /**
   * The dashboard's charts for the caller's scope: operators who may view the business dashboard
   * see their site's figures (all sites when they are bound to none), leads included when they may
   * list leads; everyone else sees their own orders and packages.
   */
  app.get<{ Querystring: DashboardQuery }>(
    "/prod-api/control/dashboard",
    {
      config: { access: "signed-in" },
      schema: { querystring: DashboardQuery, response: { 200: Ok(DashboardView) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const { days = 30, utcOffset = 0 } = request.query;
      let filter: DashboardFilter = { scope: "own", userId: principal.userId, leads: false };
      if (hasPermission(principal, "business:dashboard:view")) {
        const leads = hasPermission(principal, "business:lead:list");
        const siteId = siteScopeOf(principal);
        filter = siteId === null ? { scope: "all", leads } : { scope: "site", siteId, leads };
      }
      return ok(request, await dashboardFor(db, filter, { now: now(), days, utcOffset }));
    },
  );
}
