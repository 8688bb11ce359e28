import {
  defaultInvoicePrefix,
  MARKETING_FIGURES,
  type SiteMarketingFigures,
  type SiteRecord,
} from "@rampart/contracts";
import { asc, eq, inArray, or } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { sysSite, sysSiteDomain } from "../../db/schema.ts";
import type { ParsedHost } from "./domain-name.ts";

/** Every server process listens here and forgets its cached site records when one changes. */
export const SITE_CHANGED_CHANNEL = "rampart_site_changed";

type SiteRow = typeof sysSite.$inferSelect;

export type SiteInput = Omit<SiteRecord, "siteId" | "contacts" | "marketingFigures"> & {
  isDefault?: boolean;
  domains: string[];
  contacts?: SiteRecord["contacts"];
  marketingFigures?: SiteRecord["marketingFigures"];
  /** The IANA zone its mails are written in for readers who gave none (UTC when absent). */
  timeZone?: string;
};

function toSiteRecord(row: SiteRow): SiteRecord {
  return {
    siteId: row.siteId,
    company: row.company,
    themeColor: row.themeColor,
    contactWay: row.contactWay,
    agentCode: row.agentCode,
    consoleDomain: row.consoleDomain,
    logo1: row.logo1,
    webDomain: row.webDomain,
    region: row.region,
    currency: row.currency,
    contacts: row.contacts,
    marketingFigures: knownFigures(row.marketingFigures),
  };
}

/** A site's own figures as stored, only those of known names (a name since dropped is left out). */
export function knownFigures(stored: Partial<Record<string, number | null>>): SiteMarketingFigures {
  return Object.fromEntries(
    Object.entries(stored).filter(
      ([name, value]) => Object.hasOwn(MARKETING_FIGURES, name) && (value === null || typeof value === "number"),
    ),
  );
}

/**
 * The site a host belongs to: the site that lists the host itself, else the site that lists its
 * registrable domain (www.brand.com → brand.com), else the default site. One query.
 */
export async function findSiteForHost(db: Db, host: ParsedHost): Promise<SiteRecord | null> {
  const names = [host.hostname];
  if (host.registrableDomain && host.registrableDomain !== host.hostname) names.push(host.registrableDomain);
  const rows = await db
    .select({ site: sysSite, domainName: sysSiteDomain.domainName })
    .from(sysSite)
    .leftJoin(sysSiteDomain, eq(sysSiteDomain.siteId, sysSite.siteId))
    .where(or(inArray(sysSiteDomain.domainName, names), eq(sysSite.isDefault, true)));
  const rank = (domainName: string | null) => {
    const index = domainName === null ? -1 : names.indexOf(domainName);
    return index === -1 ? names.length : index;
  };
  rows.sort((a, b) => rank(a.domainName) - rank(b.domainName));
  return rows[0] ? toSiteRecord(rows[0].site) : null;
}

/** The site with this agent code (the `agent-code` a form or header names), or null. */
export async function findSiteByAgentCode(db: Db, agentCode: string): Promise<SiteRecord | null> {
  if (!agentCode) return null;
  const [row] = await db.select().from(sysSite).where(eq(sysSite.agentCode, agentCode));
  return row ? toSiteRecord(row) : null;
}

/**
 * Creates a site with the host names it answers to (the seed uses this), its invoice numbers
 * after its agent code (`LOTUS-000001`; `INV-` for a site without one).
 */
export async function createSite(db: Db, input: SiteInput): Promise<SiteRecord> {
  return db.transaction(async (tx) => {
    const { domains, ...fields } = input;
    const [row] = await tx
      .insert(sysSite)
      .values({ invoicePrefix: defaultInvoicePrefix(fields.agentCode), ...fields })
      .returning();
    if (!row) throw new Error("insert into sys_site returned nothing");
    if (domains.length > 0) {
      await tx.insert(sysSiteDomain).values(domains.map((domainName) => ({ domainName, siteId: row.siteId })));
    }
    return toSiteRecord(row);
  });
}

/** Changes a site's branding and tells every server process to drop its cached copy. */
export async function updateSite(
  database: Database,
  siteId: number,
  patch: Partial<Omit<SiteRecord, "siteId">>,
  now: Date,
): Promise<SiteRecord | null> {
  const [row] = await database.db
    .update(sysSite)
    .set({ ...patch, updatedAt: now })
    .where(eq(sysSite.siteId, siteId))
    .returning();
  if (!row) return null;
  await database.notify(SITE_CHANGED_CHANNEL, String(siteId));
  return toSiteRecord(row);
}

/** The host names a site answers to, in the order they were added. */
export async function findSiteDomains(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .select({ domainName: sysSiteDomain.domainName })
    .from(sysSiteDomain)
    .where(eq(sysSiteDomain.siteId, siteId))
    .orderBy(asc(sysSiteDomain.createdAt), asc(sysSiteDomain.domainName));
  return rows.map((row) => row.domainName);
}

export async function hasDefaultSite(db: Db): Promise<boolean> {
  const rows = await db.select({ siteId: sysSite.siteId }).from(sysSite).where(eq(sysSite.isDefault, true)).limit(1);
  return rows.length > 0;
}
