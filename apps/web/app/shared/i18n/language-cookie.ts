import { LANGUAGE_COOKIE, type Language } from "@rampart/contracts";
import Cookies from "js-cookie";

const ONE_YEAR_DAYS = 365;

/** Remembers the visitor's language in the `uselang` cookie (read by the server on every page). */
export function storeLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { path: "/", expires: ONE_YEAR_DAYS, sameSite: "Lax" });
}

/** The same cookie as a Set-Cookie header, for the server's no-JavaScript language links. */
export function languageSetCookieHeader(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_DAYS * 86400}; SameSite=Lax`;
}

/** The query parameter of the language links (`?lang=vi`), which work without JavaScript. */
export const LANGUAGE_QUERY = "lang";
