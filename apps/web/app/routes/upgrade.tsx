import { type Catalogue, DEFAULT_CATALOGUE } from "@rampart/pricing";
import { pageMeta } from "../shared/branding/page-title";
import { requestContext } from "../shared/request-context";
import { UpgradePage } from "../site/pricing/upgrade-page";
import type { Route } from "./+types/upgrade";

/** /upgrade?oid=: the package is read in the browser with the customer's session; the price list comes along. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.get(requestContext);
  const list: Catalogue = (await catalogue?.()) ?? DEFAULT_CATALOGUE;
  return { catalogue: list };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "upgrade.metaTitle"),
  { name: "robots", content: "noindex" },
];

export default function UpgradeRoute({ loaderData }: Route.ComponentProps) {
  return <UpgradePage catalogue={loaderData.catalogue} />;
}
