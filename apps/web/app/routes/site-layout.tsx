import { Outlet } from "react-router";
import { SiteLayout } from "../site/layout/site-layout";

export default function SiteLayoutRoute() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
