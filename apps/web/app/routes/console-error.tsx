import { data } from "react-router";
import { AntdPage } from "../console/layout/antd-page";
import Error401 from "../console/views/general/error-401";
import Error404 from "../console/views/general/error-404";
import { pageMeta } from "../shared/branding/page-title";
import type { AntdHandle } from "../shared/request-context";
import type { Route } from "./+types/console-error";

/** antd's styles in the head (the pages are antd's Result). */
export const handle: AntdHandle = { antd: true };

/** /401 and /404: the console's error pages, with the matching HTTP status. */
export function loader({ request }: Route.LoaderArgs) {
  const status = new URL(request.url).pathname.startsWith("/401") ? 401 : 404; // also "/401.data"
  return data({ status }, { status });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches[0].loaderData, loaderData?.status === 401 ? "console.error401Title" : "console.notFound"),
  { name: "robots", content: "noindex" },
];

export default function ConsoleErrorRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AntdPage>
      <main className="console-error">{loaderData.status === 401 ? <Error401 /> : <Error404 />}</main>
    </AntdPage>
  );
}
