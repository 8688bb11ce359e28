import { ControlOverview, DashboardQuery, DashboardView, hasPermission, Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok } from "../../http/envelope.ts";
import { CNAME_PATTERN_DEFAULTS, cnamePatterns, type DomainProduct } from "../domains/domain-rules.ts";
import { type DashboardFilter, dashboardFor } from "./dashboard.ts";
import { overviewOf } from "./overview.ts";

export async function controlRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  /** The control center's figures for the caller (and the platform's, for operators). */
  app.get(
    "/prod-api/control/overview",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(ControlOverview) } } },
    async (request) => {
      const principal = principalOf(request);
      return ok(request, await overviewOf(db, principal, hasPermission(principal, "system:user:list"), now()));
    },
  );

  /**
   * The dashboard's charts for the caller's scope: operators who may view the business dashboard
   * see their site's figures (all sites when they are bound to none), leads included when they may
   * list leads; everyone else sees their own orders and packages. Those who may change the
   * settings also hear whether the CNAME targets are still the shipped example.
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
      const view = await dashboardFor(db, filter, { now: now(), days, utcOffset });
      if (!hasPermission(principal, "system:config:edit")) return ok(request, view);
      const patterns = Object.entries(await cnamePatterns(db)) as [DomainProduct, string][];
      const cnamePlaceholder = patterns.some(([product, pattern]) => pattern === CNAME_PATTERN_DEFAULTS[product]);
      return ok(request, { ...view, cnamePlaceholder });
    },
  );
}
