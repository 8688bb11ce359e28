import { pageMeta } from "../shared/branding/page-title";
import { PayResultPage } from "../site/pricing/pay-result-page";
import type { Route } from "./+types/pay-success";

/** /paySuccess?orderNo=: the order's payment result, read in the browser with the visitor's session. */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, "paySuccess.metaTitle"),
  { name: "robots", content: "noindex" },
];

export default function PaySuccessRoute() {
  return <PayResultPage />;
}
