import type { ContactBlock, ContactBlocks, SiteContacts } from "@rampart/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

const FIELDS = ["phone", "email", "address", "hours"] as const;
/** Where security reports go (security.txt), when set; otherwise the support addresses. */
export const SECURITY_EMAIL_KEY = "contact.security.email";
const KEYS = [...FIELDS.flatMap((f) => [`contact.presales.${f}`, `contact.aftersales.${f}`]), "contact.emergency"];

/**
 * The contact page's details for a site: each field the site sets itself (System → Sites), else
 * the general setting `contact.*` (System → Settings).
 */
export async function loadContacts(db: Db, site?: SiteContacts): Promise<ContactBlocks> {
  const rows = await db.select().from(sysConfig).where(inArray(sysConfig.configKey, KEYS));
  const value = (key: string) => rows.find((r) => r.configKey === key)?.configValue ?? "";
  const block = (which: "presales" | "aftersales") =>
    Object.fromEntries(
      FIELDS.map((f) => [f, site?.[which]?.[f] || value(`contact.${which}.${f}`)]),
    ) as unknown as ContactBlock;
  return {
    presales: block("presales"),
    aftersales: block("aftersales"),
    emergency: site?.emergency || value("contact.emergency"),
  };
}

/**
 * The e-mail addresses a security report about a site goes to, most preferred first: the setting
 * `contact.security.email`, then the site's after-sales e-mail (its own, else the general setting);
 * the pre-sales one only when neither is set. Empty when no address is set at all.
 */
export async function loadSecurityContacts(db: Db, site?: SiteContacts): Promise<string[]> {
  const [contacts, [security]] = await Promise.all([
    loadContacts(db, site),
    db.select().from(sysConfig).where(eq(sysConfig.configKey, SECURITY_EMAIL_KEY)),
  ]);
  const usable = (emails: string[]) => [...new Set(emails.map((e) => e.trim()).filter((e) => EMAIL.test(e)))];
  const preferred = usable([security?.configValue ?? "", contacts.aftersales.email]);
  return preferred.length > 0 ? preferred : usable([contacts.presales.email]);
}

/** One address, nothing around it (a setting is free text: no spaces, line breaks or second address). */
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
