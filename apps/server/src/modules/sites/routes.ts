import { Ok, SiteByDomainQuery, SiteRecord } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { BadRequestError, NotFoundError } from "../../http/errors.ts";
import { parseHost } from "./domain-name.ts";
import type { SiteDirectory } from "./site-directory.ts";

export async function siteRoutes(app: FastifyInstance, { sites }: { sites: SiteDirectory }) {
  /** Domain branding: the site record for a host (spec section 7). Public. */
  app.get<{ Querystring: SiteByDomainQuery }>(
    "/prod-api/system/common/getSysByDomain",
    { config: { access: "public" }, schema: { querystring: SiteByDomainQuery, response: { 200: Ok(SiteRecord) } } },
    async (request) => {
      const { domainName } = request.query;
      const host = parseHost(domainName);
      if (!host) throw new BadRequestError("domain_invalid", { value: domainName.slice(0, 80) });
      const site = await sites.siteForHost(host);
      if (!site) throw new NotFoundError("site_not_found", { value: host.hostname });
      return ok(request, site);
    },
  );
}
