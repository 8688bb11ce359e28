import { redirect } from "react-router";
import { LEGACY_PRICE_PATHS } from "../site/pricing/price-paths";
import type { Route } from "./+types/price-redirect";

/** /productDdosPrice, /productWafPrice, /productCdnPrice: moved for good to the price pages. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = LEGACY_PRICE_PATHS[url.pathname.slice(1).replace(/\.data$/, "")] ?? "index";
  return redirect(`/${target}${url.search}`, 301);
}
