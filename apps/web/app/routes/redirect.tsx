import { redirect } from "react-router";
import { safeRedirect } from "../shared/auth/safe-redirect";
import type { Route } from "./+types/redirect";

/**
 * /redirect/<path>?<query>: goes back to /<path>?<query> (used to refresh the current page). Only
 * ever a path of this site: the decoded path is checked as a browser would read it
 * (`/redirect/%5Cevil.example` would otherwise answer `Location: /\evil.example`).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(safeRedirect(`/${params["*"] ?? ""}${url.search}`, "/", url.origin));
}
