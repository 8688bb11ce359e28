import { LANGUAGES, type SiteRecord } from "@rampart/contracts";
import type { Db } from "../../db/client.ts";
import { loadSecurityContacts } from "../configs/contacts.ts";
import { parseHost } from "./domain-name.ts";
import { findSiteDomains } from "./service.ts";

export const SECURITY_TXT_PATH = "/.well-known/security.txt";

/** How far ahead Expires lies: renewed every day, so the file never goes stale while served. */
const EXPIRES_AFTER_DAYS = 30;
const DAY_MS = 86_400_000;

export interface SecurityTxt {
  /** mailto: and https: addresses, most preferred first. */
  contacts: string[];
  expires: Date;
  languages: readonly string[];
  /** https: addresses of this very file on the site's own domains. */
  canonical: string[];
}

/** The text of a security.txt (RFC 9116, section 2.5): CRLF line ends, one field per line. */
export function formatSecurityTxt(file: SecurityTxt): string {
  const lines = [
    ...file.contacts.map((contact) => `Contact: ${contact}`),
    // RFC 3339 in UTC, without fractions of a second.
    `Expires: ${file.expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `Preferred-Languages: ${file.languages.join(", ")}`,
    ...file.canonical.map((url) => `Canonical: ${url}`),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A site's security.txt, from its record alone (never from the request's Host): the security
 * contact (setting `contact.security.email`), else its after-sales, else its pre-sales e-mail
 * (each the site's own or the general setting), else its contact page; Expires 30 days after the
 * start of today (UTC); the interface languages; Canonical on each of the site's own public
 * domains (web, console and the host names it answers to; not IP addresses or bare names such as
 * localhost). Null when the site has no contact at all (a file without one would be invalid).
 */
export async function securityTxtFor(db: Db, site: SiteRecord, now: Date): Promise<string | null> {
  const domains = publicDomains([site.webDomain, site.consoleDomain, ...(await findSiteDomains(db, site.siteId))]);
  const emails = await loadSecurityContacts(db, site.contacts);
  const contacts = emails.map((email) => `mailto:${email}`);
  if (contacts.length === 0 && domains[0]) contacts.push(`https://${domains[0]}/contact`);
  if (contacts.length === 0) return null;
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return formatSecurityTxt({
    contacts,
    expires: new Date(today + EXPIRES_AFTER_DAYS * DAY_MS),
    languages: LANGUAGES,
    canonical: domains.map((domain) => `https://${domain}${SECURITY_TXT_PATH}`),
  });
}

/** The names among `names` that can carry an https address, normalised, each once, in order. */
function publicDomains(names: string[]): string[] {
  const domains: string[] = [];
  for (const name of names) {
    const host = name ? parseHost(name) : null;
    if (!host || host.isIp || host.registrableDomain === null) continue;
    if (!domains.includes(host.hostname)) domains.push(host.hostname);
  }
  return domains;
}
