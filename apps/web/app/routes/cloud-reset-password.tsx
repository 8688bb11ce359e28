import { AntdPage } from "../console/layout/antd-page";
import { ResetPasswordPage } from "../console/login/reset-password-page";
import { pageMeta } from "../shared/branding/page-title";
import type { AntdHandle, PaintFirstHandle } from "../shared/request-context";
import type { Route } from "./+types/cloud-reset-password";

/** Drawn whole by the server, antd's styles in its head: its scripts load once it has been painted. */
export const handle: PaintFirstHandle & AntdHandle = { paintFirst: true, antd: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.resetTitle"),
  { name: "robots", content: "noindex" },
];

export default function CloudResetPasswordRoute() {
  return (
    <AntdPage>
      <ResetPasswordPage />
    </AntdPage>
  );
}
