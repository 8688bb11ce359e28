import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The static route table. Route modules are thin doorways to pages in site/ and console/. */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx", { id: "home-root" }),
    route("index", "routes/home.tsx", { id: "home" }),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
