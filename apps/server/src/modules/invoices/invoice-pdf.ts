import type { Language } from "@rampart/contracts";
import { formatMoney, overageLines } from "@rampart/pricing";
import type { bizInvoice } from "../../db/schema.ts";
import { PAY_METHOD_NAMES, PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { overageLineValues, overageMailValues } from "../mail/overage-mail-values.ts";
import { documentName, documentTitleOf, INVOICE_WORDS } from "./invoice-texts.ts";
import { fontOf } from "./pdf-fonts.ts";

type InvoiceRow = typeof bizInvoice.$inferSelect;

const MARGIN = 56;
const GREY = "#5b6472";
const INK = "#1f2d3d";

/**
 * An invoice or credit note as a PDF (A4) in a language, called what its site called it when it
 * was issued (a receipt or a commercial invoice, and their refund's documents), with a line saying
 * it is not a tax invoice: the seller and buyer as the snapshot kept them, the line in words of
 * that language, the discounts, the total and the tax it includes, how and when it was paid (or
 * refunded).
 */
export async function renderInvoicePdf(invoice: InvoiceRow, language: Language): Promise<Buffer> {
  // Loaded with the first invoice, not at the server's start.
  const { default: PDFKit } = await import("pdfkit");
  const words = INVOICE_WORDS[language];
  const s = invoice.snapshot;
  const credit = invoice.kind === "credit_note";
  const face = language === "zh-TW" ? "tc" : "sc";
  const money = (minor: number) => formatMoney({ minor, currency: s.currency }, language);
  // Dates in the zone the document was issued with (its buyer's, else its site's; see withDocumentTimeZone).
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: s.timeZone || "UTC" }).format(new Date(iso));
  const called = words.documents[documentTitleOf(s)];
  const title = documentName(language, documentTitleOf(s), invoice.kind);

  const doc: PDFKit.PDFDocument = new PDFKit({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${title} ${invoice.invoiceNo}`, Author: s.seller.company, Subject: s.orderNo },
    lang: language,
  });
  doc.registerFont("regular", fontOf(face, "regular"));
  doc.registerFont("bold", fontOf(face, "bold"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - MARGIN * 2;

  // The seller, and the document's title and number.
  doc
    .font("bold")
    .fontSize(18)
    .fillColor(INK)
    .text(s.seller.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font("regular").fontSize(9).fillColor(GREY);
  for (const line of [s.seller.address, s.seller.taxId ? `${words.taxId}: ${s.seller.taxId}` : "", s.seller.contact])
    if (line) doc.text(line, { width: width * 0.6 });
  const right = MARGIN + width * 0.6;
  doc
    .font("bold")
    .fontSize(16)
    .fillColor(INK)
    .text(title, right, MARGIN, { width: width * 0.4, align: "right" });
  doc.font("regular").fontSize(9).fillColor(GREY);
  const facts: [string, string][] = [
    [words.number, invoice.invoiceNo],
    [words.issued, date(invoice.issuedAt.toISOString())],
    [words.order, s.orderNo],
    ...(credit && invoice.refersTo ? ([[called.refersTo, invoice.refersTo]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts)
    doc.text(`${label}: ${value}`, right, doc.y, { width: width * 0.4, align: "right" });

  // The buyer.
  doc.moveDown(2);
  const buyerTop = Math.max(doc.y, MARGIN + 90);
  doc.font("bold").fontSize(10).fillColor(INK).text(called.buyer, MARGIN, buyerTop);
  doc.font("regular").fontSize(10).fillColor(INK).text(s.buyer.name);
  doc.fontSize(9).fillColor(GREY);
  for (const line of [s.buyer.taxId ? `${words.taxId}: ${s.buyer.taxId}` : "", s.buyer.address, s.buyer.email])
    if (line) doc.text(line, { width: width * 0.6 });

  // The line, the discounts, the total and the tax in it.
  doc.moveDown(1.5);
  const tableTop = doc.y;
  doc.font("bold").fontSize(9).fillColor(GREY);
  doc.text(words.description, MARGIN, tableTop, { width: width * 0.7 });
  doc.text(words.amount, MARGIN + width * 0.7, tableTop, { width: width * 0.3, align: "right" });
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + width, doc.y + 4)
    .strokeColor("#d0d5dd")
    .stroke();
  doc.moveDown(0.8);
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(bold ? 11 : 10)
      .fillColor(INK);
    doc.text(label, MARGIN, y, { width: width * 0.7 });
    const after = doc.y;
    doc.text(value, MARGIN + width * 0.7, y, { width: width * 0.3, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
  };
  for (const line of s.lines) {
    const [unit, count] = line.description.duration.split("-") as ["day" | "month" | "year", string];
    const product = PRODUCT_NAMES[line.description.product]?.[language] ?? line.description.product;
    const edition = words.editions[line.description.edition] ?? line.description.edition;
    const period = words.durations[unit]?.(Number(count)) ?? line.description.duration;
    const action = words.actions[line.description.action] ?? line.description.action;
    const { overage } = line.description;
    if (line.description.action === "topup") row(words.topUp, money(line.amount));
    // An overage order's line says what was billed: one row per part of a month whose commitment changed.
    else if (overage?.parts?.length)
      for (const part of overageLines(overage))
        row(`${product} · ${edition} · ${words.overage(overageLineValues(part, language))}`, money(part.amount));
    else if (overage)
      row(`${product} · ${edition} · ${words.overage(overageMailValues(overage, language))}`, money(line.amount));
    else row(`${product} · ${edition} · ${period} (${action})`, money(line.amount));
  }
  if (s.discount > 0) row(words.discount, money(-s.discount));
  if (s.couponDeduction > 0) row(words.coupon, money(-s.couponDeduction));
  doc
    .moveTo(MARGIN + width * 0.5, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor("#d0d5dd")
    .stroke();
  doc.moveDown(0.5);
  row(credit ? words.refunded : words.total, money(s.total), true);
  if (s.taxRateBp > 0) {
    const rate = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
      s.taxRateBp / 10_000,
    );
    row(words.taxIncluded.replace("{rate}", rate), money(s.tax));
  }

  // How and when it was paid (or refunded).
  doc.moveDown(1.5);
  doc.font("regular").fontSize(9).fillColor(GREY);
  const method = PAY_METHOD_NAMES[s.payMethod]?.[language] ?? s.payMethod;
  doc.text(`${words.payment}: ${method}`, MARGIN);
  doc.text(`${credit ? words.refundedAt : words.paidAt}: ${date(s.paidAt)}`, MARGIN);
  doc.moveDown(2);
  doc
    .fillColor(INK)
    .fontSize(10)
    .text(credit ? called.creditClosing : words.closing, MARGIN, doc.y, { width });
  // Never taken for a tax invoice (fapiao, VAT e-invoice, Faktur Pajak), which Rampart does not issue.
  doc.moveDown(0.8);
  doc.fillColor(GREY).fontSize(9).text(words.notTaxInvoice, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
