import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { LEGACY_PRICE_PATHS, PRICE_PATHS } from "./site/pricing/price-paths";
import { PRODUCTS } from "./site/products/catalog";

/** The console's top-level paths: every one is drawn by the console (client-side data). */
const CONSOLE_PREFIXES = ["control", "system", "business", "monitor", "tool", "user", "userCenter"];

/** The static route table. Route modules are thin doorways to pages in site/ and console/. */
export default [
  layout("routes/console-layout.tsx", [
    route("admin/login", "routes/admin-login.tsx"),
    route("cloud/login", "routes/cloud-login.tsx"),
    route("cloud/register", "routes/cloud-register.tsx"),
    route("cloud/registered", "routes/cloud-registered.tsx"),
    route("cloud/forgot-password", "routes/cloud-forgot-password.tsx"),
    route("cloud/reset-password", "routes/cloud-reset-password.tsx"),
    route("cloud/verify-email", "routes/cloud-verify-email.tsx"),
    route("401", "routes/console-error.tsx", { id: "error-401" }),
    route("404", "routes/console-error.tsx", { id: "error-404" }),
    ...CONSOLE_PREFIXES.map((prefix) => route(`${prefix}/*`, "routes/console.tsx", { id: `console-${prefix}` })),
  ]),
  route("redirect/*", "routes/redirect.tsx"),
  ...Object.keys(LEGACY_PRICE_PATHS).map((path) => route(path, "routes/price-redirect.tsx", { id: `legacy-${path}` })),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx", { id: "home-root" }),
    route("index", "routes/home.tsx", { id: "home" }),
    route("indexNew", "routes/home.tsx", { id: "home-new" }),
    route("contact", "routes/contact.tsx"),
    route("about", "routes/about.tsx"),
    route("help", "routes/help.tsx"),
    route("help/:category", "routes/help-category.tsx"),
    route("help/:category/:slug", "routes/help-article.tsx"),
    ...PRODUCTS.map((product) => route(product.slug, "routes/product.tsx", { id: `product-${product.slug}` })),
    ...Object.entries(PRICE_PATHS).map(([product, path]) =>
      route(path, "routes/price.tsx", { id: `price-${product}` }),
    ),
    route("payOrder", "routes/pay-order.tsx"),
    route("paySuccess", "routes/pay-success.tsx"),
    route("upgrade", "routes/upgrade.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
