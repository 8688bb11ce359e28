import { LoginPage } from "../console/login/login-page";
import { pageMeta } from "../shared/branding/page-title";
import type { PaintFirstHandle } from "../shared/request-context";
import type { Route } from "./+types/admin-login";

/** Drawn whole by the server: its scripts load once it has been painted. */
export const handle: PaintFirstHandle = { paintFirst: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.adminTitle"),
  { name: "robots", content: "noindex" },
];

export default function AdminLoginRoute() {
  return <LoginPage audience="admin" />;
}
