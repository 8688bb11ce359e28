import { AntdPage } from "../console/layout/antd-page";
import { RegisteredPage } from "../console/login/registered-page";
import { pageMeta } from "../shared/branding/page-title";
import type { AntdHandle, PaintFirstHandle } from "../shared/request-context";
import type { Route } from "./+types/cloud-registered";

/** Drawn whole by the server, antd's styles in its head: its scripts load once it has been painted. */
export const handle: PaintFirstHandle & AntdHandle = { paintFirst: true, antd: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.registeredTitle"),
  { name: "robots", content: "noindex" },
];

export default function CloudRegisteredRoute() {
  return (
    <AntdPage>
      <RegisteredPage />
    </AntdPage>
  );
}
