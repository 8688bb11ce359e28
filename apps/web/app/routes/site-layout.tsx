import { Outlet } from "react-router";
import type { PageCacheHandle } from "../shared/request-context";
import { SiteLayout } from "../site/layout/site-layout";

/** Public pages are the same for every visitor of a host and language: the server may keep them. */
export const handle: PageCacheHandle = { pageCache: true };

export default function SiteLayoutRoute() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
