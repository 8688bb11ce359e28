import ipaddr from "ipaddr.js";

const cidr = (range: string) => ipaddr.parseCIDR(range) as [ipaddr.IPv6, number];

/** IPv6's global unicast (RFC 4291): any IPv6 address outside it is refused. */
const GLOBAL_UNICAST = cidr("2000::/3");
/** IPv4-mapped (::ffff:0:0/96): judged by the IPv4 address it carries. */
const IPV4_MAPPED = cidr("::ffff:0:0/96");
/** NAT64's well-known prefix (64:ff9b::/96, RFC 6052): judged by the IPv4 address in its last 32 bits. */
const NAT64 = cidr("64:ff9b::/96");
/** 6to4 (2002::/16, RFC 3056): judged by the IPv4 address in bits 16-47. */
const SIX_TO_FOUR = cidr("2002::/16");
/**
 * Special ranges refused by name, whatever ipaddr.js calls them (its names follow the IANA
 * registry, and an address it does not know of is "unicast"): IPv4-compatible ::/96 (deprecated;
 * `::7f00:1` is 127.0.0.1), and inside global unicast the IETF protocol assignments 2001::/23
 * (Teredo 2001::/32, whose IPv4 is hidden, benchmarking, ORCHID, AMT, AS112), documentation
 * 2001:db8::/32 and 3fff::/20, and AS112's 2620:4f:8000::/48.
 */
const REFUSED = ["::/96", "2001::/23", "2001:db8::/32", "3fff::/20", "2620:4f:8000::/48"].map(cidr);

/**
 * Whether Rampart may connect to an address on a customer's behalf: public unicast only. IPv4:
 * loopback, private, link-local (the clouds' metadata address 169.254.169.254 among them),
 * carrier-grade NAT, multicast and reserved ranges are refused. IPv6: only global unicast
 * (2000::/3) outside the special ranges above; the forms that carry an IPv4 address (mapped,
 * NAT64, 6to4) are judged by that address. `allowPrivate` lets anything through (tests, on one
 * machine). Used when an address is saved and again when a connection is made.
 */
export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (allowPrivate) return true;
  return isPublic(ipaddr.parse(address));
}

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === "ipv4") return address.range() === "unicast";
  const v6 = address as ipaddr.IPv6;
  if (v6.match(IPV4_MAPPED)) return isPublic(v6.toIPv4Address());
  if (v6.match(NAT64)) return isPublic(ipv4Of(v6, 6));
  if (v6.match(SIX_TO_FOUR)) return isPublic(ipv4Of(v6, 1));
  if (!v6.match(GLOBAL_UNICAST) || REFUSED.some((range) => v6.match(range))) return false;
  return v6.range() === "unicast";
}

/** The IPv4 address in two 16-bit parts of an IPv6 address, from `part` on. */
function ipv4Of(address: ipaddr.IPv6, part: number): ipaddr.IPv4 {
  const high = address.parts[part]!;
  const low = address.parts[part + 1]!;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
