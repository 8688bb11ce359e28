import { HELP_QUERY_MAX } from "@rampart/contracts";
import { data } from "react-router";
import { pageMeta } from "../shared/branding/page-title";
import { requestContext } from "../shared/request-context";
import { HelpHomePage } from "../site/help/help-home-page";
import type { Route } from "./+types/help";

/** /help, and /help?q= (the search, a plain GET form: it works without scripts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { help } = context.get(requestContext);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, HELP_QUERY_MAX);
  const [sections, results] = await Promise.all([
    help && !query ? help.sections() : [],
    help && query ? help.search(query) : null,
  ]);
  return data({ sections, query, results }, query ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

/** A search's results are this visitor's (any words): never kept by the server nor a proxy. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const tags = pageMeta(matches[0].loaderData, "help.metaTitle", "help.metaDescription", location.pathname);
  // A search's results are not a page of their own for search engines.
  return loaderData?.query ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function HelpRoute({ loaderData }: Route.ComponentProps) {
  return <HelpHomePage sections={loaderData.sections} query={loaderData.query} results={loaderData.results} />;
}
