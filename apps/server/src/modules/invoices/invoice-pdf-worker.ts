// A worker thread of the billing documents' PDF pool (invoice-pdf-renderer.ts): writing a PDF with
// a Chinese face takes 75-220 ms of CPU, which on the server's own thread would hold every other
// request (and the liveness check) for as long. It writes invoices, credit notes and statements.
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { renderStatementPdf } from "./statement-pdf.ts";

export type PdfJob =
  | { document: "invoice"; args: Parameters<typeof renderInvoicePdf> }
  | { document: "statement"; args: Parameters<typeof renderStatementPdf> };

export default function renderInWorker(job: PdfJob): Promise<Buffer> {
  return job.document === "invoice" ? renderInvoicePdf(...job.args) : renderStatementPdf(...job.args);
}
