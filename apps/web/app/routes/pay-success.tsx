import { useSiteData } from "../shared/branding/use-site-data";
import { type PageCacheHandle, requestContext } from "../shared/request-context";
import { buyingPageMeta, withBuyingMessages } from "../site/pricing/buying-messages";
import { loadBuyingMessages } from "../site/pricing/buying-messages.server";
import { PayResultPage } from "../site/pricing/pay-result-page";
import type { Route } from "./+types/pay-success";

/** The page's texts; the order itself is read in the browser with the visitor's session. */

/** Depends on the visitor (their session, their order): never kept, never cached by a browser or proxy. */
export const handle: PageCacheHandle = { pageCache: false };

export async function loader({ context }: Route.LoaderArgs) {
  return { messages: await loadBuyingMessages(context.get(requestContext).language) };
}

/** /paySuccess?orderNo=: the order's payment result. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buyingPageMeta(matches[0].loaderData, loaderData?.messages, "paySuccess.metaTitle"),
  { name: "robots", content: "noindex" },
];

export default function PaySuccessRoute({ loaderData }: Route.ComponentProps) {
  withBuyingMessages(useSiteData().language, loaderData.messages);
  return <PayResultPage />;
}
