import { data } from "react-router";
import { publicPageMeta } from "../shared/branding/page-title";
import { siteFigures } from "../shared/i18n/marketing-figures";
import { requestContext } from "../shared/request-context";
import { productFor } from "../site/products/catalog";
import { withCompany } from "../site/products/product-content";
import { loadProductContent } from "../site/products/product-content.server";
import { ProductPage } from "../site/products/product-page";
import type { Route } from "./+types/product";

/** Every product page: the path names the product, its content comes in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Client navigations ask for "/<slug>.data": the slug is the path without it.
  const slug = new URL(request.url).pathname.slice(1).replace(/\.data$/, "");
  const product = productFor(slug);
  const { language, site } = context.get(requestContext);
  const figures = siteFigures(site?.marketingFigures);
  const content = product ? await loadProductContent(product.slug, language, figures) : null;
  if (!product || !content) throw data(null, { status: 404 });
  return { product, content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const root = matches[0].loaderData;
  if (!loaderData || !root) return [];
  const { meta } = loaderData.content;
  return publicPageMeta(root, location.pathname, meta.title, withCompany(meta.description, root.branding.company));
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage product={loaderData.product} content={loaderData.content} />;
}
