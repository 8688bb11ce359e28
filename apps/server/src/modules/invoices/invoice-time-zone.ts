import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type bizInvoice, sysSite, sysUser } from "../../db/schema.ts";
import { readerTimeZone } from "../mail/mail-time.ts";

type InvoiceRow = typeof bizInvoice.$inferSelect;

/**
 * A document with the zone its dates are written in: the one it was issued with, or, for one issued
 * before documents kept a zone, its buyer's (else its site's) today, as their mails are written,
 * rather than UTC (a customer in Hanoi paying at 06:30 read the day before).
 */
export async function withDocumentTimeZone(db: Db, invoice: InvoiceRow): Promise<InvoiceRow> {
  if (invoice.snapshot.timeZone) return invoice;
  const [zones] = await db
    .select({ own: sysUser.timeZone, site: sysSite.timeZone })
    .from(sysUser)
    .leftJoin(sysSite, eq(sysSite.siteId, invoice.siteId ?? -1))
    .where(eq(sysUser.userId, invoice.userId));
  const timeZone = readerTimeZone(zones?.own ?? "", zones?.site ?? "");
  return { ...invoice, snapshot: { ...invoice.snapshot, timeZone } };
}
