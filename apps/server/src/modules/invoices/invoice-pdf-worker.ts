// A worker thread of the invoice PDF pool (invoice-pdf-renderer.ts): writing a PDF with a Chinese
// face takes 75-220 ms of CPU, which on the server's own thread would hold every other request
// (and the liveness check) for as long.
import { renderInvoicePdf } from "./invoice-pdf.ts";

export default function renderInWorker(args: Parameters<typeof renderInvoicePdf>): Promise<Buffer> {
  return renderInvoicePdf(...args);
}
