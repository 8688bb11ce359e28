import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/**
 * /redirect/<path>?<query>: goes back to /<path>?<query> (used to refresh the current page). Only
 * ever a path of this site.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const path = `/${params["*"] ?? ""}`.replace(/^\/+/, "/");
  const { search } = new URL(request.url);
  return redirect(path.startsWith("//") ? "/" : `${path}${search}`);
}
