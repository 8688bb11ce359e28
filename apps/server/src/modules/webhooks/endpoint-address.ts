import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export type AddressProblem =
  | "webhook_url_invalid"
  | "webhook_url_not_https"
  | "webhook_url_private"
  | "webhook_url_unresolved";

export type AddressCheck = { ok: true } | { ok: false; problem: AddressProblem; value: string };

/** The names of this machine an http:// endpoint may use when loopback is allowed (tests). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type Resolve = (host: string) => Promise<{ address: string }[]>;
const resolveAll: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Whether an endpoint's address may be saved: a well-formed https:// URL without credentials
 * (http:// only to this machine, and only with WEBHOOK_ALLOW_LOOPBACK), whose host resolves, and
 * only to public unicast addresses: private, loopback, link-local (the cloud's metadata address
 * among them) and reserved ranges are refused (SSRF). Deliveries check the address again when they
 * connect (a name may resolve elsewhere later).
 */
export async function checkEndpointAddress(
  raw: string,
  allowLoopback: boolean,
  resolve: Resolve = resolveAll,
): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: "webhook_url_invalid", value: raw };
  }
  if (url.username || url.password || !url.hostname) return { ok: false, problem: "webhook_url_invalid", value: raw };
  const loopbackHost = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowLoopback && loopbackHost))
    return { ok: false, problem: "webhook_url_not_https", value: raw };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, problem: "webhook_url_unresolved", value: host };
  }
  if (addresses.length === 0) return { ok: false, problem: "webhook_url_unresolved", value: host };
  for (const { address } of addresses) {
    const range = ipaddr.isValid(address) ? ipaddr.process(address).range() : "invalid";
    if (range === "unicast" || (allowLoopback && range === "loopback")) continue;
    return { ok: false, problem: "webhook_url_private", value: address };
  }
  return { ok: true };
}
