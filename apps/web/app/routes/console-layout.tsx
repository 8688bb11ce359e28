import { Outlet } from "react-router";
import consoleStyles from "../console/console.css?url";
import { ConsoleProviders } from "../console/layout/console-providers";
import { documentHasNoNonce } from "../shared/csp-nonce";
import type { Route } from "./+types/console-layout";

/** The login pages' and the console's stylesheet, ordered after the base styles (see root.tsx). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles, precedence: "console" }];

/** Nothing to load on the server; present so that the pages render there (not after hydration). */
export function loader() {
  return null;
}

/**
 * Arriving from a page the server kept (its policy allows nothing new by nonce), antd could not
 * add its styles: load the console as a document of its own instead.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (documentHasNoNonce()) {
    window.location.assign(request.url);
    await new Promise(() => {}); // the browser is leaving
  }
  return null;
}

export default function ConsoleLayoutRoute() {
  return (
    <ConsoleProviders>
      <Outlet />
    </ConsoleProviders>
  );
}
