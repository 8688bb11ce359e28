import { pageMeta } from "../shared/branding/page-title";
import { HomePage } from "../site/home/home-page";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches[0].loaderData, "meta.homeTitle", "meta.homeDescription", location.pathname);

export default function HomeRoute() {
  return <HomePage />;
}
