import ipaddr from "ipaddr.js";

/**
 * Whether Rampart may connect to an address on a customer's behalf: public unicast only. Loopback,
 * private, link-local (the clouds' metadata address 169.254.169.254 among them), carrier-grade NAT,
 * multicast and reserved ranges are refused (SSRF), unless `allowPrivate` (tests, on one machine).
 */
export function isAllowedAddress(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (allowPrivate) return true;
  return ipaddr.process(address).range() === "unicast";
}
