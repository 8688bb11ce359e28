import { pageMeta } from "../shared/branding/page-title";
import { AboutPage } from "../site/about/about-page";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches[0].loaderData, "about.metaTitle", "about.metaDescription", location.pathname);

export default function AboutRoute() {
  return <AboutPage />;
}
