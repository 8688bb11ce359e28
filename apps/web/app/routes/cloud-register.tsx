import { RegisterPage } from "../console/login/register-page";
import { pageMeta } from "../shared/branding/page-title";
import type { Route } from "./+types/cloud-register";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.registerTitle"),
  { name: "robots", content: "noindex" },
];

export default function CloudRegisterRoute() {
  return <RegisterPage />;
}
