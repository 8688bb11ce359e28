import { pageMeta } from "../shared/branding/page-title";
import { HomePage } from "../site/home/home-page";
import type { Route } from "./+types/home";

/** The home page answers at /, /index and /indexNew; search engines are told it is /index. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, "meta.homeTitle", "meta.homeDescription", "/index");

export default function HomeRoute() {
  return <HomePage />;
}
