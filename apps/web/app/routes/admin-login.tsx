import { LoginPage } from "../console/login/login-page";
import { pageMeta } from "../shared/branding/page-title";
import type { Route } from "./+types/admin-login";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.adminTitle"),
  { name: "robots", content: "noindex" },
];

export default function AdminLoginRoute() {
  return <LoginPage audience="admin" />;
}
