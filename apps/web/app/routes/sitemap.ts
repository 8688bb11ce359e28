import { requestContext } from "../shared/request-context";
import { PRICE_PATHS } from "../site/pricing/price-paths";
import { PRODUCTS } from "../site/products/catalog";
import type { Route } from "./+types/sitemap";

/** The public pages of this host, for search engines. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { origin } = new URL(request.url);
  const { help } = context.get(requestContext);
  const paths = [
    "/index",
    "/about",
    "/contact",
    ...PRODUCTS.map((product) => `/${product.slug}`),
    ...Object.values(PRICE_PATHS).map((path) => `/${path}`),
    // A help page not in English (the language of an address without ?lang=) is listed in its first one.
    ...(help ? await help.paths() : []).map(({ path, languages }) =>
      languages.includes("en") ? path : `${path}?lang=${languages[0]}`,
    ),
  ];
  const urls = paths.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
    },
  );
}
