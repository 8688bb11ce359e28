import { LoginPage } from "../console/login/login-page";
import { pageMeta } from "../shared/branding/page-title";
import type { Route } from "./+types/cloud-login";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.cloudTitle"),
  { name: "robots", content: "noindex" },
];

export default function CloudLoginRoute() {
  return <LoginPage audience="cloud" />;
}
