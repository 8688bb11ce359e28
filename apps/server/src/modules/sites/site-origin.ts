import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysSite, sysSiteDomain } from "../../db/schema.ts";

/** The parts of a request that say how it reached us (Fastify's, behind TRUSTED_PROXIES too). */
export interface RequestOrigin {
  protocol: string;
  /** Host and port as the client sent them. */
  host: string;
  /** The host name alone, without the port. */
  hostname: string;
}

const LOCAL = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[?::1\]?)$/i;

/**
 * The port this process listens on (set when it starts listening; none in tests that do not
 * listen). A local name (a trial on localhost, demo.localhost) has no public address in front of
 * it: its links lead to this server itself, port and all. Without it, a mail made with no request
 * (a job, an operator's move) read http://localhost/… while a customer's own read
 * http://localhost:3000/… (issue 38).
 */
let listeningPort: number | null = null;
export function linkLocalNamesTo(port: number | null): void {
  listeningPort = port || null;
}

/** The origin of a site's own domain name: https, or for a local name this server over http with its port. */
function originOf(domain: string): string {
  if (!LOCAL.test(domain)) return `https://${domain}`;
  return listeningPort && listeningPort !== 80 ? `http://${domain}:${listeningPort}` : `http://${domain}`;
}

/**
 * The origin of links that leave this request (or a job, which has none) (a payment channel's notify and return addresses,
 * the links in mails): the request's own origin only when its host is one of the site's own domains,
 * otherwise the site's web domain (or its first host name), over https unless it is a local
 * development name (then this server, port and all: `linkLocalNamesTo`). A forged Host (or X-Forwarded-Host from a trusted proxy) never reaches a link:
 * `notify_url=http://attacker.example/…` would hand the payment's notification to the attacker.
 */
export async function siteOrigin(
  db: Db | Tx,
  siteId: number | null,
  request: RequestOrigin | null,
  options: { console?: boolean } = {},
): Promise<string> {
  const [site] = await db
    .select({ siteId: sysSite.siteId, webDomain: sysSite.webDomain, consoleDomain: sysSite.consoleDomain })
    .from(sysSite)
    .where(siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, siteId));
  if (!site) throw new Error(`no site ${siteId ?? "(default)"} for a link`);
  const domains = (
    await db
      .select({ domainName: sysSiteDomain.domainName })
      .from(sysSiteDomain)
      .where(eq(sysSiteDomain.siteId, site.siteId))
      .orderBy(asc(sysSiteDomain.createdAt))
  ).map((d) => d.domainName.toLowerCase());
  // A link into the console (a mail's) goes to the site's console domain when it has one.
  if (options.console && site.consoleDomain) {
    return originOf(site.consoleDomain);
  }
  if (request && domains.includes(request.hostname.toLowerCase())) return `${request.protocol}://${request.host}`;
  const primary = site.webDomain || domains.find((d) => !/^[\d.:[\]]+$/.test(d)) || domains[0];
  if (!primary) throw new Error(`site ${site.siteId} has no domain for a link`);
  return originOf(primary);
}

/**
 * The origin of a one-time link mailed to an account (a password reset, an invitation, an address
 * to confirm), on its site's console. An account of no site (an operator, the administrator) gets
 * the default site's, never the site the request came from: the request's own origin only when its
 * host is one of the default site's domains (as for any site), so a default installation reached at
 * localhost:3000 mails links that open there, and a request on another site's domain, or with a
 * forged Host, gets the default site's record.
 */
export function accountLinkOrigin(db: Db | Tx, siteId: number | null, request: RequestOrigin | null): Promise<string> {
  return siteOrigin(db, siteId, request, { console: true });
}
