import { ConsoleShell } from "../console/shell/console-shell";
import { pageMeta } from "../shared/branding/page-title";
import type { Route } from "./+types/console";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.cloudTitle"),
  { name: "robots", content: "noindex" },
];

/** Every console path: the shell draws the page the menus map it to. */
export default function ConsoleRoute() {
  return <ConsoleShell />;
}
