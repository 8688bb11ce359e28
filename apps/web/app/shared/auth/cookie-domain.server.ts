import { parse } from "tldts";

/**
 * Runs on the server only (the Public Suffix List is too big to send to browsers): the root loader
 * hands the result to the page, which sets the session cookies with it.
 *
 * The Domain attribute for the session cookies on a host: its registrable domain from the Public
 * Suffix List (tldts), so that www.brand.com and console.brand.com share a session, and every
 * multi-part suffix (.com.cn, .cn.com, .com.hk, .com.tw, .com.vn, .co.uk, …) is right. Local names
 * and IP addresses get no Domain attribute: a host-only cookie.
 */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.trim().toLowerCase().replace(/\.$/, "");
  if (!host || host === "localhost" || host.endsWith(".localhost")) return undefined;
  // The whole list, private section included (.cn.com, github.io…), as browsers scope cookies.
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain || !parsed.publicSuffix) return undefined;
  return parsed.domain;
}
