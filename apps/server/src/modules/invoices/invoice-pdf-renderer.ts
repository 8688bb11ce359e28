import type { Piscina } from "piscina";
import type { renderInvoicePdf } from "./invoice-pdf.ts";
import type { PdfJob } from "./invoice-pdf-worker.ts";
import type { renderStatementPdf } from "./statement-pdf.ts";

/**
 * The worker's file: beside this module when the sources run; in the bundle `npm run build` made,
 * its own entry point in the bundle's folder (this module may sit in `chunks/`, one folder down).
 */
function workerFile(): string {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return new URL("./invoice-pdf-worker.ts", here).href;
  return new URL(here.includes("/chunks/") ? "../invoice-pdf-worker.js" : "./invoice-pdf-worker.js", here).href;
}

let pool: Promise<Piscina> | undefined;

/**
 * Billing documents as PDFs, written on a worker thread of their own, one at a time: the server's
 * thread stays free for requests while a mail's attachment or a download is written. The thread
 * starts with the first PDF (piscina loaded then, not at the server's start) and ends after a
 * minute without one, giving back the fonts it read (some 30 MB) and what writing took. At the
 * same priority as the rest (a lower one starved it on a busy machine: 20 s for one PDF).
 */
async function renderOffThread(job: PdfJob): Promise<Buffer> {
  pool ??= import("piscina").then(
    ({ Piscina }) => new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 1, idleTimeout: 60_000 }),
  );
  const written: Uint8Array = await (await pool).run(job);
  // Structured cloning hands back a plain Uint8Array; mail and HTTP want a Buffer.
  return Buffer.from(written.buffer, written.byteOffset, written.byteLength);
}

/** An invoice or credit note (invoice-pdf.ts), off the server's thread. */
export function renderInvoicePdfOffThread(...args: Parameters<typeof renderInvoicePdf>): Promise<Buffer> {
  return renderOffThread({ document: "invoice", args });
}

/** A month's balance statement (statement-pdf.ts), off the server's thread. */
export function renderStatementPdfOffThread(...args: Parameters<typeof renderStatementPdf>): Promise<Buffer> {
  return renderOffThread({ document: "statement", args });
}
