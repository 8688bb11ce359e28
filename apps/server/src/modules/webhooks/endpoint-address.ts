import { lookup } from "node:dns/promises";
import type { AddressRule } from "../../outbound/guarded-agents.ts";
import { isAllowedAddress } from "../../outbound/public-address.ts";

export type AddressProblem =
  | "webhook_url_invalid"
  | "webhook_url_not_https"
  | "webhook_url_private"
  | "webhook_url_unresolved";

export type AddressCheck = { ok: true } | { ok: false; problem: AddressProblem; value: string };

/** The names of this machine an http:// endpoint may use when loopback is allowed (tests). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** The addresses those names lead to. */
const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1"]);

/**
 * The addresses an endpoint may lead to, when it is saved and when a delivery connects: public
 * ones only (outbound/public-address.ts), and this machine's loopback when allowed (tests).
 */
export function endpointAddressRule(allowLoopback: boolean): AddressRule {
  return (address) => isAllowedAddress(address, false) || (allowLoopback && LOOPBACK_ADDRESSES.has(address));
}

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
  const allowed = endpointAddressRule(allowLoopback);
  const refused = addresses.find(({ address }) => !allowed(address));
  return refused ? { ok: false, problem: "webhook_url_private", value: refused.address } : { ok: true };
}
