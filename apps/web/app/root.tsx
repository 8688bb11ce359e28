import { isLanguage, type Language, languageFromTag } from "@rampart/contracts";
import { type ReactNode, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { cookieDomainFor } from "./shared/auth/cookie-domain.server";
import { accessibleColor } from "./shared/branding/accessible-color";
import { brandingOf } from "./shared/branding/branding";
import { stickyNonces } from "./shared/csp-nonce";
import { i18nFor, isLanguageLoaded, loadLanguage } from "./shared/i18n/i18n";
import { LANGUAGE_QUERY, languageSetCookieHeader } from "./shared/i18n/language-cookie";
import { requestContext } from "./shared/request-context";
import { ErrorPage } from "./site/layout/error-page";
import baseStyles from "./site/styles/base.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, language, nonce, styleNonce, signedIn } = context.get(requestContext);
  // Language links (?lang=vi) work without JavaScript: remember the choice and show the clean URL.
  const url = new URL(request.url);
  const asked = url.searchParams.get(LANGUAGE_QUERY);
  if (asked !== null) {
    url.searchParams.delete(LANGUAGE_QUERY);
    const chosen = languageFromTag(asked);
    throw redirect(`${url.pathname}${url.search}`, {
      headers: chosen ? { "Set-Cookie": languageSetCookieHeader(chosen) } : {},
    });
  }
  await loadLanguage(language);
  const cookieDomain = cookieDomainFor(url.hostname) ?? "";
  return { branding: brandingOf(site), language, nonce, styleNonce, cookieDomain, signedIn, origin: url.origin };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  // The root data (site, language, signed in) changes only when asked to (language switch, a
  // ?lang= link), after a form, or on arriving with a new query (back from logging in). A page that
  // keeps its state in the query (the price pages) does not refetch it on every change.
  if (formMethod || nextUrl.searchParams.has(LANGUAGE_QUERY)) return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname)
    return currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
  return currentUrl.search !== nextUrl.search ? defaultShouldRevalidate : false;
}

/**
 * The base styles carry a React precedence: React then writes them before the scripts it preloads,
 * so the first paint does not wait for the scripts (and a page that needs them waits for them).
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: baseStyles, precedence: "base" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The site's theme colour and its accessible shade as CSS variables; only a checked hex colour. */
function brandVariables(themeColor: string): string {
  const color = /^#[0-9a-fA-F]{3,8}$/.test(themeColor) ? themeColor : "#006eff";
  return `:root{--brand:${color};--brand-solid:${accessibleColor(color)}}`;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language: Language = data && isLanguage(data.language) ? data.language : "en";
  const themeColor = data?.branding.themeColor ?? "#006eff";
  const nonces = stickyNonces({ script: data?.nonce ?? "", style: data?.styleNonce ?? "" });
  // `data-hydrated` on the document once React has hydrated it: effects run children first, so by
  // then every handler on the page is attached (browser tests wait for it before they click; the
  // route modules' global is set before hydration begins).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={language} data-cookie-domain={data?.cookieDomain || undefined}>
      <head>
        {/* The brand's colours as a style element (the policy refuses style attributes in markup). */}
        <style nonce={nonces.style}>{brandVariables(themeColor)}</style>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonces.script} />
        <Scripts nonce={nonces.script} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nextProvider i18n={i18nFor(loaderData.language)}>
      <Outlet />
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language = data?.language ?? "en";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const i18n = isLanguageLoaded(language) ? i18nFor(language) : null;
  return i18n ? (
    <I18nextProvider i18n={i18n}>
      <ErrorPage status={status} />
    </I18nextProvider>
  ) : (
    <main className="error-page">
      <h1>{status}</h1>
    </main>
  );
}
