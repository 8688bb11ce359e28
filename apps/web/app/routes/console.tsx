import { ConsoleHome } from "../console/home/console-home";
import { pageMeta } from "../shared/branding/page-title";
import type { Route } from "./+types/console";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "auth.cloudTitle"),
  { name: "robots", content: "noindex" },
];

/** Every console path (the console shell and its views arrive with the console issue). */
export default function ConsoleRoute() {
  return <ConsoleHome />;
}
