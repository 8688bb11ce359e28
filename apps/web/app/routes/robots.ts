import type { Route } from "./+types/robots";

/** What crawlers may visit on this host: the public site, not the console or the API. */
export function loader({ request }: Route.LoaderArgs) {
  const { origin } = new URL(request.url);
  const disallowed = [
    "/prod-api/",
    "/admin/",
    "/cloud/",
    "/control/",
    "/system/",
    "/business/",
    "/monitor/",
    "/tool/",
    "/user/",
    "/userCenter/",
    "/redirect/",
  ];
  const body = [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
