import type { BalanceEntryKind, Language } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { fontOf } from "./pdf-fonts.ts";
import { STATEMENT_WORDS } from "./statement-texts.ts";

/** A month of a customer's balance in one currency, as its statement shows it. */
export interface StatementDocument {
  /** The site the customer buys from. */
  company: string;
  customer: { name: string; email: string };
  currency: string;
  /** YYYY-MM. */
  month: string;
  /** The zone its times are written in (the reader's, else their site's). */
  timeZone: string;
  /** The balance before the month's first entry, and after its last. */
  opening: number;
  closing: number;
  entries: {
    createdAt: string;
    kind: BalanceEntryKind;
    reference: string;
    amount: number;
    balanceAfter: number;
    note: string | null;
  }[];
  issuedAt: string;
}

const MARGIN = 48;
const GREY = "#5b6472";
const INK = "#1f2d3d";
const RULE = "#d0d5dd";

/**
 * A month's statement of a balance as a PDF (A4) in a language: the opening and closing balance,
 * what came in and went out, and every entry with its time (in the reader's zone), type,
 * reference, amount and the balance after it, its note under it. Not a tax invoice, and says so.
 */
export async function renderStatementPdf(statement: StatementDocument, language: Language): Promise<Buffer> {
  const { default: PDFKit } = await import("pdfkit");
  const words = STATEMENT_WORDS[language];
  const face = language === "zh-TW" ? "tc" : "sc";
  const money = (minor: number) => formatMoney({ minor, currency: statement.currency }, language);
  const signed = (minor: number) => (minor > 0 ? `+${money(minor)}` : money(minor));
  const [year, index] = statement.month.split("-").map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, index - 1, 15)),
  );
  const time = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: statement.timeZone || "UTC",
  });

  const doc: PDFKit.PDFDocument = new PDFKit({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${words.title} ${statement.month}`, Author: statement.company },
    lang: language,
  });
  doc.registerFont("regular", fontOf(face, "regular"));
  doc.registerFont("bold", fontOf(face, "bold"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - MARGIN * 2;

  // Who issues it, what it is, for whom.
  doc
    .font("bold")
    .fontSize(18)
    .fillColor(INK)
    .text(statement.company, MARGIN, MARGIN, { width: width * 0.55 });
  doc
    .font("bold")
    .fontSize(15)
    .text(words.title, MARGIN + width * 0.55, MARGIN, { width: width * 0.45, align: "right" });
  doc.font("regular").fontSize(9).fillColor(GREY);
  for (const line of [
    `${words.month}${words.colon}${monthName}`,
    `${words.currency}${words.colon}${statement.currency}`,
    words.times.replace("{zone}", statement.timeZone || "UTC"),
  ])
    doc.text(line, MARGIN + width * 0.55, doc.y, { width: width * 0.45, align: "right" });
  doc.moveDown(1.5);
  const customerTop = Math.max(doc.y, MARGIN + 80);
  doc.font("bold").fontSize(10).fillColor(INK).text(words.customer, MARGIN, customerTop);
  doc.font("regular").fontSize(10).text(statement.customer.name);
  if (statement.customer.email) doc.fontSize(9).fillColor(GREY).text(statement.customer.email);

  // The month in four figures.
  const credits = statement.entries.filter((e) => e.amount > 0).reduce((sum, e) => sum + e.amount, 0);
  const debits = statement.entries.filter((e) => e.amount < 0).reduce((sum, e) => sum + e.amount, 0);
  doc.moveDown(1.2);
  const figuresTop = doc.y;
  const figures: [string, string][] = [
    [words.opening, money(statement.opening)],
    [words.credits, signed(credits)],
    [words.debits, money(debits)],
    [words.closing, money(statement.closing)],
  ];
  figures.forEach(([label, value], i) => {
    const x = MARGIN + (width / 4) * i;
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor(GREY)
      .text(label, x, figuresTop, { width: width / 4 - 8 });
    doc
      .font("bold")
      .fontSize(12)
      .fillColor(INK)
      .text(value, x, doc.y + 2, { width: width / 4 - 8 });
  });
  doc.y = figuresTop + 44;

  // Every entry, oldest first.
  const columns = [
    { label: words.columns.date, x: 0, w: 0.22, align: "left" as const },
    { label: words.columns.type, x: 0.22, w: 0.16, align: "left" as const },
    { label: words.columns.reference, x: 0.38, w: 0.26, align: "left" as const },
    { label: words.columns.amount, x: 0.64, w: 0.18, align: "right" as const },
    { label: words.columns.balanceAfter, x: 0.82, w: 0.18, align: "right" as const },
  ];
  const header = () => {
    const top = doc.y;
    doc.font("bold").fontSize(8.5).fillColor(GREY);
    for (const column of columns)
      doc.text(column.label, MARGIN + width * column.x, top, { width: width * column.w - 6, align: column.align });
    const below = doc.y + 3;
    doc
      .moveTo(MARGIN, below)
      .lineTo(MARGIN + width, below)
      .strokeColor(RULE)
      .stroke();
    doc.y = below + 5;
  };
  header();
  if (statement.entries.length === 0)
    doc.font("regular").fontSize(10).fillColor(GREY).text(words.none, MARGIN, doc.y, { width });
  for (const entry of statement.entries) {
    if (doc.y > doc.page.height - MARGIN - 60) {
      doc.addPage();
      header();
    }
    const top = doc.y;
    const cells = [
      time.format(new Date(entry.createdAt)),
      words.kinds[entry.kind],
      entry.reference,
      signed(entry.amount),
      money(entry.balanceAfter),
    ];
    let bottom = top;
    doc.font("regular").fontSize(9).fillColor(INK);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, MARGIN + width * column.x, top, { width: width * column.w - 6, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom;
    if (entry.note)
      doc
        .fontSize(8.5)
        .fillColor(GREY)
        .text(entry.note, MARGIN + width * 0.22, doc.y, { width: width * 0.6 });
    doc.y += 5;
  }

  doc.moveDown(1.5);
  doc
    .font("regular")
    .fontSize(8.5)
    .fillColor(GREY)
    .text(words.footer.replace("{date}", time.format(new Date(statement.issuedAt))), MARGIN, doc.y, { width });
  doc.end();
  return done;
}
