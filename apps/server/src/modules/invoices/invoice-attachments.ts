import { isLanguage } from "@rampart/contracts";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizInvoice } from "../../db/schema.ts";
import type { MailAttachment } from "../mail/outbox.ts";
import { renderInvoicePdfOffThread } from "./invoice-pdf-renderer.ts";
import { documentFileName } from "./invoice-texts.ts";
import { withDocumentTimeZone } from "./invoice-time-zone.ts";

/** The invoices a mail carries, rendered as PDFs when it is sent (kept once, as records). */
export async function invoiceAttachments(
  db: Db,
  attached: { invoiceNo: string }[],
  language: string,
): Promise<MailAttachment[]> {
  if (attached.length === 0) return [];
  const invoices = await db
    .select()
    .from(bizInvoice)
    .where(
      inArray(
        bizInvoice.invoiceNo,
        attached.map((a) => a.invoiceNo),
      ),
    );
  const lang = isLanguage(language) ? language : "en";
  return Promise.all(
    invoices.map(async (invoice) => ({
      filename: documentFileName(invoice, lang),
      content: await renderInvoicePdfOffThread(await withDocumentTimeZone(db, invoice), lang),
      contentType: "application/pdf",
    })),
  );
}
