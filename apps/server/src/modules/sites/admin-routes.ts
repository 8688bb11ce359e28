import { Id, Ok, SiteAdminView, SiteBody } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Database } from "../../db/client.ts";
import { actorOf } from "../../http/actor.ts";
import { ok } from "../../http/envelope.ts";
import { createSite, listSites, removeSite, updateSite } from "./admin.ts";
import type { SiteDirectory } from "./site-directory.ts";

const SiteIdParams = Type.Object({ siteId: Id() });

/**
 * System management → Sites: the branded sites (an operator bound to one sees and brands only
 * it), create, change and delete. A change is on that site's public pages at once: on this process
 * before the answer leaves (the other processes hear of it through the database's notification).
 */
export async function siteAdminRoutes(
  app: FastifyInstance,
  { database, sites, now }: { database: Database; sites: SiteDirectory; now: () => Date },
) {
  app.get(
    "/prod-api/system/site/list",
    {
      config: { access: { permission: "system:site:list" } },
      schema: { response: { 200: Ok(Type.Array(SiteAdminView)) } },
    },
    async (request) => ok(request, await listSites(database.db, actorOf(request).siteScope)),
  );

  app.post<{ Body: SiteBody }>(
    "/prod-api/system/site",
    {
      config: { access: { permission: "system:site:add", global: true } },
      schema: { body: SiteBody, response: { 200: Ok(SiteAdminView) } },
    },
    async (request) => {
      const site = await createSite(database, request.body);
      sites.invalidate();
      request.changed = { before: null, after: site };
      return ok(request, site);
    },
  );

  app.put<{ Params: { siteId: number }; Body: SiteBody }>(
    "/prod-api/system/site/:siteId",
    {
      config: { access: { permission: "system:site:edit" } },
      schema: { params: SiteIdParams, body: SiteBody, response: { 200: Ok(SiteAdminView) } },
    },
    async (request) => {
      const change = await updateSite(database, request.params.siteId, request.body, actorOf(request), now());
      sites.invalidate();
      request.changed = change;
      return ok(request, change.after);
    },
  );

  app.delete<{ Params: { siteId: number } }>(
    "/prod-api/system/site/:siteId",
    {
      config: { access: { permission: "system:site:remove", global: true } },
      schema: { params: SiteIdParams, response: { 200: Ok(SiteAdminView) } },
    },
    async (request) => {
      const site = await removeSite(database, request.params.siteId);
      sites.invalidate();
      request.changed = { before: site, after: null };
      return ok(request, site);
    },
  );
}
