import { RegisterPage } from "../console/login/register-page";
import { pageMeta } from "../shared/branding/page-title";
import type { PaintFirstHandle } from "../shared/request-context";
import type { Route } from "./+types/cloud-register";

/** Drawn whole by the server: its scripts load once it has been painted. */
export const handle: PaintFirstHandle = { paintFirst: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.registerTitle"),
  { name: "robots", content: "noindex" },
];

export default function CloudRegisterRoute() {
  return <RegisterPage />;
}
