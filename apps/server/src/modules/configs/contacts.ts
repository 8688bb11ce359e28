import type { SiteContacts } from "@rampart/contracts";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";

export interface ContactBlock {
  phone: string;
  email: string;
  address: string;
  hours: string;
}

export interface ContactBlocks {
  presales: ContactBlock;
  aftersales: ContactBlock;
  emergency: string;
}

const FIELDS = ["phone", "email", "address", "hours"] as const;
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
