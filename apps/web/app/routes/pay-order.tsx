import {
  type Catalogue,
  configurationFromSearch,
  DEFAULT_CATALOGUE,
  PRODUCT_CODES,
  type ProductCode,
  quote,
} from "@rampart/pricing";
import { data, redirect } from "react-router";
import { useSiteData } from "../shared/branding/use-site-data";
import { type PageCacheHandle, requestContext } from "../shared/request-context";
import { buyingPageMeta, withBuyingMessages } from "../site/pricing/buying-messages";
import { loadBuyingMessages } from "../site/pricing/buying-messages.server";
import { PayOrderPage } from "../site/pricing/pay-order-page";
import { PRICE_PATHS } from "../site/pricing/price-paths";
import type { Route } from "./+types/pay-order";

/**
 * /payOrder?product=…&<configuration>: priced again on the server. Buying needs an account; a
 * configuration that cannot be bought goes back to its price page, which says why.
 */

/** Depends on the visitor (their session, their order): never kept, never cached by a browser or proxy. */
export const handle: PageCacheHandle = { pageCache: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const product = url.searchParams.get("product") as ProductCode | null;
  if (!product || !PRODUCT_CODES.includes(product)) throw data(null, { status: 404 });
  const search = new URLSearchParams(url.searchParams);
  search.delete("product");
  if (!context.get(requestContext).signedIn) {
    throw redirect(`/cloud/login?${new URLSearchParams({ redirect: `/payOrder${url.search}` })}`);
  }
  const { catalogue, onlinePayMethods = [] } = context.get(requestContext);
  const list: Catalogue = (await catalogue?.()) ?? DEFAULT_CATALOGUE;
  const config = configurationFromSearch(list, product, search);
  const result = quote(list, config);
  if (!result.ok) throw redirect(`/${PRICE_PATHS[product]}?${search}`);
  // Only this product's part of the list travels to the browser (an upgrade is priced there too).
  const own: Catalogue = {
    currency: list.currency,
    minimumAmount: list.minimumAmount,
    products: { [product]: list.products[product] } as Catalogue["products"],
  };
  const messages = await loadBuyingMessages(context.get(requestContext).language);
  return {
    product,
    search: search.toString(),
    config,
    fee: result.fee,
    catalogue: own,
    onlineMethods: [...onlinePayMethods],
    messages,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buyingPageMeta(matches[0].loaderData, loaderData?.messages, "order.metaTitle", "order.metaDescription"),
  { name: "robots", content: "noindex" },
];

export default function PayOrderRoute({ loaderData }: Route.ComponentProps) {
  const { messages, ...page } = loaderData;
  withBuyingMessages(useSiteData().language, messages);
  return <PayOrderPage {...page} />;
}
