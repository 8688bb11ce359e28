import { Ok, SiteByDomainQuery, SiteRecord } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError, NotFoundError } from "../../http/errors.ts";
import { storedFile } from "../files/service.ts";
import { BRAND_LOGO_DIRECTORY, uploadedLogo } from "./brand-logo.ts";
import { parseHost } from "./domain-name.ts";
import { SECURITY_TXT_PATH, securityTxtFor } from "./security-txt.ts";
import type { SiteDirectory } from "./site-directory.ts";

export interface SiteRouteOptions {
  sites: SiteDirectory;
  db: Db;
  now: () => Date;
}

export async function siteRoutes(app: FastifyInstance, { sites, db, now }: SiteRouteOptions) {
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

  /**
   * Where to report a vulnerability (RFC 9116), on every site's domains: the site the host belongs
   * to, described from its record alone. The legacy location redirects to it.
   */
  app.get(SECURITY_TXT_PATH, async (request, reply) => {
    const site = await sites.siteForHostHeader(request.headers.host);
    const text = site ? await securityTxtFor(db, site, now()) : null;
    if (!text) throw new NotFoundError("not_found");
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(text);
  });
  /**
   * The site's uploaded logo at a stable address of the site (`/brand/logo.png`, the extension its
   * own), resolved from the Host like the pages: what its mails show. Only the logo, never another
   * upload; revalidated by its ETag (the upload's id), kept an hour, a year when the address names
   * the version (`?v=`).
   */
  app.get<{ Params: { name: string }; Querystring: { v?: string } }>(
    `${BRAND_LOGO_DIRECTORY}/:name`,
    async (request, reply) => {
      const site = await sites.siteForHostHeader(request.headers.host);
      const logo = site ? uploadedLogo(site.logo1) : null;
      if (!logo || request.params.name !== `logo.${logo.extension}`) throw new NotFoundError("not_found");
      const file = await storedFile(db, logo.fileId);
      if (!file?.contentType.startsWith("image/")) throw new NotFoundError("not_found");
      const etag = `"${logo.fileId}"`;
      const versioned = request.query.v === logo.fileId.slice(0, 8);
      reply
        .header("etag", etag)
        .header("cache-control", versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("vary", "Host");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type(file.contentType).header("content-disposition", "inline").send(file.content);
    },
  );

  app.get("/security.txt", (_request, reply) => reply.redirect(SECURITY_TXT_PATH, 301));
}
