import type { SiteRecord } from "@rampart/contracts";
import { AppError } from "../../http/errors.ts";
import type { Principal } from "../../http/principal.ts";
import type { SiteDirectory } from "./site-directory.ts";

/**
 * The site a signed-in buyer orders on: the one the request's host serves, which must be the site
 * the customer belongs to. A customer of one brand sending their token with another brand's Host
 * would otherwise place an order in that brand's scope and currency, for its operators to confirm.
 * Operators (bound to no site) order on the host's site. Throws 403 order_other_site.
 */
export async function customerSite(
  sites: SiteDirectory,
  hostHeader: string | undefined,
  principal: Pick<Principal, "siteId">,
): Promise<SiteRecord | null> {
  const site = await sites.siteForHostHeader(hostHeader);
  if (principal.siteId !== null && site?.siteId !== principal.siteId) throw new AppError(403, "order_other_site");
  return site;
}
