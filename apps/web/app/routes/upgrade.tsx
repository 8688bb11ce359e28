import { type Catalogue, DEFAULT_CATALOGUE } from "@rampart/pricing";
import { useSiteData } from "../shared/branding/use-site-data";
import { type PageCacheHandle, requestContext } from "../shared/request-context";
import { buyingPageMeta, withBuyingMessages } from "../site/pricing/buying-messages";
import { loadBuyingMessages } from "../site/pricing/buying-messages.server";
import { UpgradePage } from "../site/pricing/upgrade-page";
import type { Route } from "./+types/upgrade";

/** /upgrade?oid=: the package is read in the browser with the customer's session; the price list comes along. */

/** Depends on the visitor (their session, their order): never kept, never cached by a browser or proxy. */
export const handle: PageCacheHandle = { pageCache: false };

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, language } = context.get(requestContext);
  const list: Catalogue = (await catalogue?.()) ?? DEFAULT_CATALOGUE;
  return { catalogue: list, messages: await loadBuyingMessages(language) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buyingPageMeta(matches[0].loaderData, loaderData?.messages, "upgrade.metaTitle"),
  { name: "robots", content: "noindex" },
];

export default function UpgradeRoute({ loaderData }: Route.ComponentProps) {
  withBuyingMessages(useSiteData().language, loaderData.messages);
  return <UpgradePage catalogue={loaderData.catalogue} />;
}
