import { Outlet } from "react-router";
import type { PageCacheHandle } from "../shared/request-context";
import { SiteLayout } from "../site/layout/site-layout";
import siteStyles from "../site/styles/site.css?url";
import type { Route } from "./+types/site-layout";

/** Public pages are the same for every visitor of a host and language: the server may keep them. */
export const handle: PageCacheHandle = { pageCache: true };

/** The public pages' stylesheet, ordered after the base styles (see root.tsx). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteStyles, precedence: "site" }];

export default function SiteLayoutRoute() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
