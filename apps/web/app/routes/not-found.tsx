import { data } from "react-router";
import { pageMeta } from "../shared/branding/page-title";
import { ErrorPage } from "../site/layout/error-page";
import type { Route } from "./+types/not-found";

/** Any path no route claims: a real page with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "notFound.title"),
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <ErrorPage status={404} />;
}
