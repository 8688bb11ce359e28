import { domainToASCII } from "node:url";
import type { ChallengeType } from "@rampart/contracts";
import { parse } from "tldts";
import { AppError } from "../../http/errors.ts";

/**
 * The names of a certificate request, each a domain name (IDNs in their ASCII form, lower case, no
 * trailing dot), wildcards ("*.example.com") only with DNS validation (the CA allows no other),
 * without repeats. Refused with the name at fault.
 */
export function certificateNames(raw: string[], validation: ChallengeType): string[] {
  const names: string[] = [];
  for (const entry of raw) {
    const text = entry.trim().toLowerCase().replace(/\.$/, "");
    const wildcard = text.startsWith("*.");
    const base = domainToASCII(wildcard ? text.slice(2) : text);
    const parsed = parse(base, { validateHostname: true });
    if (!base || parsed.isIp || !parsed.domain || parsed.hostname !== base || base.split(".").length < 2)
      throw new AppError(400, "certificate_name_invalid", { value: entry });
    if (wildcard && validation !== "dns-01") throw new AppError(400, "certificate_wildcard_dns", { value: entry });
    const name = wildcard ? `*.${base}` : base;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The name whose control a challenge proves: a wildcard's base domain. */
export const identifierOf = (name: string) => name.replace(/^\*\./, "");
