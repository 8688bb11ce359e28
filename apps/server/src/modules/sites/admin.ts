import {
  defaultInvoicePrefix,
  isTimeZone,
  type SiteAdminView,
  type SiteBody,
  type SiteContacts,
} from "@rampart/contracts";
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { bizOrder, sysSite, sysSiteDomain, sysUser } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import type { FieldWords } from "../../http/field-labels.ts";
import { refusePlaceholderMarks } from "../../http/placeholder-marks.ts";
import { holdUploads, uploadIdsIn } from "../files/unreferenced-uploads.ts";
import { parseHost } from "./domain-name.ts";
import { keptInstructions } from "./payment-instructions.ts";
import { salesAddresses } from "./sales-addresses.ts";
import { knownFigures, SITE_CHANGED_CHANNEL } from "./service.ts";

type SiteRow = typeof sysSite.$inferSelect;

const view = (row: SiteRow, domains: string[], users: number): SiteAdminView => ({
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
  mail: {
    senderName: row.mailSenderName,
    replyTo: row.mailReplyTo,
    salesEmails: row.salesEmails,
    onCallEmails: row.onCallEmails,
  },
  billing: {
    address: row.billingAddress,
    taxId: row.taxId,
    invoicePrefix: row.invoicePrefix,
    taxRateBp: row.taxRateBp,
    documentTitle: row.documentTitle === "commercial_invoice" ? "commercial_invoice" : "receipt",
  },
  paymentInstructions: keptInstructions(row.paymentInstructions),
  domains: [...domains].sort(),
  isDefault: row.isDefault,
  users,
  createTime: row.createdAt.toISOString(),
  timeZone: row.timeZone,
});

/** The sites an operator may see (their own when bound to one), with domains and user counts. */
export async function listSites(db: Db, siteScope: number | null): Promise<SiteAdminView[]> {
  const where: SQL | undefined = siteScope === null ? undefined : eq(sysSite.siteId, siteScope);
  const rows = await db.select().from(sysSite).where(where).orderBy(asc(sysSite.siteId));
  const ids = rows.map((r) => r.siteId);
  if (ids.length === 0) return [];
  const [domains, users] = await Promise.all([
    db.select().from(sysSiteDomain).where(inArray(sysSiteDomain.siteId, ids)),
    db
      .select({ siteId: sysUser.siteId, n: count() })
      .from(sysUser)
      .where(inArray(sysUser.siteId, ids))
      .groupBy(sysUser.siteId),
  ]);
  return rows.map((row) =>
    view(
      row,
      domains.filter((d) => d.siteId === row.siteId).map((d) => d.domainName),
      users.find((u) => u.siteId === row.siteId)?.n ?? 0,
    ),
  );
}

/** Host names as stored: lower case, valid, no port; an invalid one is refused by name. */
function normalisedDomains(domains: readonly string[]): string[] {
  return domains.map((domain) => {
    const host = parseHost(domain);
    if (!host || host.isIp || domain.includes(":"))
      throw new BadRequestError("domain_invalid", { value: domain.slice(0, 80) });
    return host.hostname;
  });
}

async function assertFree(db: Db, body: Pick<SiteBody, "agentCode">, domains: string[], siteId: number | null) {
  const others = siteId === null ? undefined : ne(sysSiteDomain.siteId, siteId);
  if (domains.length > 0) {
    const [taken] = await db
      .select({ domainName: sysSiteDomain.domainName })
      .from(sysSiteDomain)
      .where(and(inArray(sysSiteDomain.domainName, domains), others));
    if (taken) throw new AppError(409, "site_domain_taken", { value: taken.domainName });
  }
  if (body.agentCode) {
    const [taken] = await db
      .select({ id: sysSite.siteId })
      .from(sysSite)
      .where(
        and(
          sql`lower(${sysSite.agentCode}) = lower(${body.agentCode})`,
          siteId === null ? undefined : ne(sysSite.siteId, siteId),
        ),
      );
    if (taken) throw new AppError(409, "site_agent_code_taken", { value: body.agentCode });
  }
}

/** A site's own contact details, trimmed; what is left empty shows the general setting. */
const contactsOf = (contacts: SiteContacts): SiteContacts => {
  const block = (b: SiteContacts["presales"]) => ({
    phone: b.phone.trim(),
    email: b.email.trim(),
    address: b.address.trim(),
    hours: b.hours.trim(),
  });
  return {
    presales: block(contacts.presales),
    aftersales: block(contacts.aftersales),
    emergency: contacts.emergency.trim(),
  };
};

/** A site's texts that go into every mail of the site, named for the reader. */
const MAIL_TEXT_FIELDS: [(body: SiteBody) => string | undefined, FieldWords][] = [
  [
    (body) => body.company,
    { en: "The company name", "zh-CN": "公司名称", "zh-TW": "公司名稱", id: "Nama perusahaan", vi: "Tên công ty" },
  ],
  [
    (body) => body.contactWay,
    { en: "The contact way", "zh-CN": "联系方式", "zh-TW": "聯絡方式", id: "Cara menghubungi", vi: "Cách liên hệ" },
  ],
  [
    (body) => body.mail?.senderName,
    { en: "The sender name", "zh-CN": "发件人名称", "zh-TW": "寄件人名稱", id: "Nama pengirim", vi: "Tên người gửi" },
  ],
];

/** Refuses a site whose mail texts carry a mail's marks or placeholders (⟦ ⟧, {{ }}): they are plain text. */
function assertPlainMailTexts(body: SiteBody): void {
  for (const [textOf, words] of MAIL_TEXT_FIELDS) refusePlaceholderMarks(textOf(body) ?? "", words);
}

/** Refuses a time zone that is no IANA zone (the site's mails would be written in none). */
function assertTimeZone(body: SiteBody): void {
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone)) throw new BadRequestError("time_zone_invalid");
}

const brandingOf = (body: SiteBody) => ({
  company: body.company.trim(),
  themeColor: body.themeColor.toLowerCase(),
  contactWay: body.contactWay.trim(),
  logo1: body.logo1,
  webDomain: body.webDomain.toLowerCase(),
  consoleDomain: body.consoleDomain.toLowerCase(),
  region: body.region.trim(),
  ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
  ...(body.contacts ? { contacts: contactsOf(body.contacts) } : {}),
  ...(body.marketingFigures ? { marketingFigures: body.marketingFigures } : {}),
  ...(body.mail
    ? {
        mailSenderName: body.mail.senderName.trim(),
        mailReplyTo: body.mail.replyTo.trim().toLowerCase(),
        salesEmails: salesAddresses(body.mail.salesEmails).join(", "),
        ...(body.mail.onCallEmails === undefined
          ? {}
          : { onCallEmails: salesAddresses(body.mail.onCallEmails).join(", ") }),
      }
    : {}),
  ...(body.billing
    ? {
        billingAddress: body.billing.address.trim(),
        taxId: body.billing.taxId.trim(),
        invoicePrefix: body.billing.invoicePrefix,
        taxRateBp: body.billing.taxRateBp,
        ...(body.billing.documentTitle ? { documentTitle: body.billing.documentTitle } : {}),
      }
    : {}),
  ...(body.paymentInstructions ? { paymentInstructions: keptInstructions(body.paymentInstructions) } : {}),
});

/** A new site (an administrator's): its branding, channel, currency and host names. */
export async function createSite(database: Database, body: SiteBody): Promise<SiteAdminView> {
  assertPlainMailTexts(body);
  assertTimeZone(body);
  const domains = normalisedDomains(body.domains);
  await assertFree(database.db, body, domains, null);
  const site = await database.db.transaction(async (tx) => {
    await holdUploads(tx, uploadIdsIn(body.logo1), "site_logo_missing");
    const [row] = await tx
      .insert(sysSite)
      .values({
        // Its own invoice numbers: after its agent code, unless it is given a prefix.
        invoicePrefix: defaultInvoicePrefix(body.agentCode),
        ...brandingOf(body),
        agentCode: body.agentCode,
        currency: body.currency,
      })
      .returning();
    if (domains.length > 0)
      await tx.insert(sysSiteDomain).values(domains.map((domainName) => ({ domainName, siteId: row!.siteId })));
    return view(row!, domains, 0);
  });
  await database.notify(SITE_CHANGED_CHANNEL, String(site.siteId));
  return site;
}

/**
 * Changes a site. An operator bound to it changes its branding only (company, colour, logo,
 * contact way, region); its host names, web and console domains (where the links it mails lead:
 * password resets, invitations), agent code and currency are the installation's administrators'
 * (an operator bound to no site). Every process drops its cached copy at once, so the public pages
 * show it.
 */
export async function updateSite(database: Database, siteId: number, body: SiteBody, actor: Actor, now: Date) {
  const db = database.db;
  if (actor.siteScope !== null && actor.siteScope !== siteId)
    throw new NotFoundError("site_not_found", { value: String(siteId) });
  assertPlainMailTexts(body);
  assertTimeZone(body);
  const [row] = await db.select().from(sysSite).where(eq(sysSite.siteId, siteId));
  if (!row) throw new NotFoundError("site_not_found", { value: String(siteId) });
  const beforeDomains = (await db.select().from(sysSiteDomain).where(eq(sysSiteDomain.siteId, siteId))).map(
    (d) => d.domainName,
  );
  const bound = actor.siteScope !== null;
  const domains = bound ? beforeDomains : normalisedDomains(body.domains);
  const channel = bound
    ? { agentCode: row.agentCode, currency: row.currency }
    : { agentCode: body.agentCode, currency: body.currency };
  // A site-bound operator pointing the site's links at a host of theirs would be mailed the
  // site's customers' reset links (issue 37): the domains stay as they are.
  const linkDomains = bound ? { webDomain: row.webDomain, consoleDomain: row.consoleDomain } : {};
  await assertFree(db, channel, domains, siteId);
  const [users] = await db.select({ n: count() }).from(sysUser).where(eq(sysUser.siteId, siteId));
  const updated = await db.transaction(async (tx) => {
    await holdUploads(tx, uploadIdsIn(body.logo1), "site_logo_missing");
    const [next] = await tx
      .update(sysSite)
      .set({ ...brandingOf(body), ...linkDomains, ...channel, updatedAt: now })
      .where(eq(sysSite.siteId, siteId))
      .returning();
    if (!bound) {
      await tx.delete(sysSiteDomain).where(eq(sysSiteDomain.siteId, siteId));
      if (domains.length > 0)
        await tx.insert(sysSiteDomain).values(domains.map((domainName) => ({ domainName, siteId })));
    }
    return next!;
  });
  await database.notify(SITE_CHANGED_CHANNEL, String(siteId));
  return { before: view(row, beforeDomains, users?.n ?? 0), after: view(updated, domains, users?.n ?? 0) };
}

/** Deletes a site without users or orders; the default site stays. */
export async function removeSite(database: Database, siteId: number): Promise<SiteAdminView> {
  const db = database.db;
  const [row] = await db.select().from(sysSite).where(eq(sysSite.siteId, siteId));
  if (!row) throw new NotFoundError("site_not_found", { value: String(siteId) });
  if (row.isDefault) throw new AppError(409, "site_default_kept");
  const [[users], [orders]] = await Promise.all([
    db.select({ n: count() }).from(sysUser).where(eq(sysUser.siteId, siteId)),
    db.select({ n: count() }).from(bizOrder).where(eq(bizOrder.siteId, siteId)),
  ]);
  if ((users?.n ?? 0) > 0 || (orders?.n ?? 0) > 0) throw new AppError(409, "site_in_use");
  const domains = (await db.select().from(sysSiteDomain).where(eq(sysSiteDomain.siteId, siteId))).map(
    (d) => d.domainName,
  );
  await db.delete(sysSite).where(eq(sysSite.siteId, siteId));
  await database.notify(SITE_CHANGED_CHANNEL, String(siteId));
  return view(row, domains, 0);
}
