import { type Catalogue, DEFAULT_CATALOGUE } from "@rampart/pricing";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { publicPageMeta } from "../shared/branding/page-title";
import { useSiteData } from "../shared/branding/use-site-data";
import { type PageCacheHandle, requestContext } from "../shared/request-context";
import { withBuyingMessages } from "../site/pricing/buying-messages";
import { loadBuyingMessages } from "../site/pricing/buying-messages.server";
import { PricePage } from "../site/pricing/price-page";
import { productOfPricePath } from "../site/pricing/price-paths";
import type { Route } from "./+types/price";

/** The price pages: the site's price list for the product; the configuration is in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const product = productOfPricePath(new URL(request.url).pathname.slice(1).replace(/\.data$/, ""));
  if (!product) throw data(null, { status: 404 });
  const { catalogue } = context.get(requestContext);
  const list = (await catalogue?.()) ?? DEFAULT_CATALOGUE;
  // Only this product's part of the list travels to the browser.
  const own: Catalogue = {
    currency: list.currency,
    minimumAmount: list.minimumAmount,
    products: { [product]: list.products[product] } as Catalogue["products"],
  };
  return { product, catalogue: own, messages: await loadBuyingMessages(context.get(requestContext).language) };
}

export const handle: PageCacheHandle = { pageCache: true };

/** Choosing a configuration rewrites the query only: the price list stays as it is. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const root = matches[0].loaderData;
  if (!loaderData || !root) return [];
  const { t } = withBuyingMessages(root.language, loaderData.messages);
  const product = t(`nav.products_.${loaderData.product}`);
  return publicPageMeta(
    root,
    location.pathname,
    t("pricing.metaTitle", { product }),
    t("pricing.metaDescription", { product, company: root.branding.company }),
  );
};

export default function PriceRoute({ loaderData }: Route.ComponentProps) {
  withBuyingMessages(useSiteData().language, loaderData.messages);
  return <PricePage product={loaderData.product} catalogue={loaderData.catalogue} />;
}
