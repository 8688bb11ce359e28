import type { DocumentTitle, InvoiceListQuery, InvoiceView, Language } from "@rampart/contracts";
import { minorDigits } from "@rampart/pricing";
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { SheetData } from "write-excel-file/node";
import { type CountedTotal, countedRow, countUpTo } from "../../db/capped-count.ts";
import type { Db } from "../../db/client.ts";
import { likeAnywhere, likePrefix } from "../../db/like-pattern.ts";
import { bizInvoice, sysSite, sysUser } from "../../db/schema.ts";
import { documentName, documentTitleOf, INVOICE_WORDS } from "./invoice-texts.ts";

const DAY_MS = 86_400_000;
/** The most rows an export writes. */
const EXPORT_LIMIT = 10_000;

function whereOf(query: Partial<InvoiceListQuery>, siteScope: number | null): SQL | undefined {
  const number = query.number?.trim();
  const customer = query.customer?.trim();
  return and(
    siteScope === null ? undefined : eq(bizInvoice.siteId, siteScope),
    number
      ? or(ilike(bizInvoice.invoiceNo, likePrefix(number)), ilike(bizInvoice.orderNo, likePrefix(number)))
      : undefined,
    customer
      ? or(
          ilike(sysUser.userName, likeAnywhere(customer)),
          ilike(sql<string>`${bizInvoice.snapshot}->'buyer'->>'name'`, likeAnywhere(customer)),
        )
      : undefined,
    query.kind ? eq(bizInvoice.kind, query.kind) : undefined,
    query.beginTime ? gte(bizInvoice.issuedAt, new Date(`${query.beginTime}T00:00:00Z`)) : undefined,
    query.endTime ? lt(bizInvoice.issuedAt, new Date(Date.parse(`${query.endTime}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

const viewOf = (row: { invoice: typeof bizInvoice.$inferSelect; userName: string; siteName: string | null }) => ({
  invoiceNo: row.invoice.invoiceNo,
  kind: row.invoice.kind as InvoiceView["kind"],
  documentTitle: documentTitleOf(row.invoice.snapshot),
  orderNo: row.invoice.orderNo,
  refersTo: row.invoice.refersTo,
  userName: row.userName,
  buyerName: row.invoice.snapshot.buyer.name,
  siteId: row.invoice.siteId,
  siteName: row.siteName,
  currency: row.invoice.currency,
  total: row.invoice.total,
  tax: row.invoice.snapshot.tax,
  issuedAt: row.invoice.issuedAt.toISOString(),
});

const selectInvoices = (db: Db) =>
  db
    .select({ invoice: bizInvoice, userName: sysUser.userName, siteName: sysSite.company })
    .from(bizInvoice)
    .innerJoin(sysUser, eq(sysUser.userId, bizInvoice.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizInvoice.siteId));

/** The invoices and credit notes an operator may see (their site's when bound to one), newest first. */
export async function listInvoices(
  db: Db,
  query: InvoiceListQuery,
  siteScope: number | null,
): Promise<{ rows: InvoiceView[]; total: CountedTotal }> {
  const where = whereOf(query, siteScope);
  const offset = (query.pageNum - 1) * query.pageSize;
  const newestFirst = [desc(bizInvoice.issuedAt), desc(bizInvoice.invoiceId)];
  // Every invoice has its user (a foreign key): the user is joined before the page is chosen only
  // when a customer filters.
  const byCustomer = Boolean(query.customer?.trim());
  const pageIds = (
    byCustomer
      ? db
          .select({ invoiceId: bizInvoice.invoiceId })
          .from(bizInvoice)
          .innerJoin(sysUser, eq(sysUser.userId, bizInvoice.userId))
          .where(where)
      : db.select({ invoiceId: bizInvoice.invoiceId }).from(bizInvoice).where(where)
  )
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset(offset);
  const matching = byCustomer
    ? db.select(countedRow).from(bizInvoice).innerJoin(sysUser, eq(sysUser.userId, bizInvoice.userId)).where(where)
    : db.select(countedRow).from(bizInvoice).where(where);
  const [rows, total] = await Promise.all([
    // The page's invoices chosen from an index alone (biz_invoice_time ends with the id), then read
    // with their users and sites: the rows skipped to reach a later page are not read.
    selectInvoices(db)
      .where(inArray(bizInvoice.invoiceId, pageIds))
      .orderBy(...newestFirst),
    countUpTo(db, matching.$dynamic(), offset),
  ]);
  return { rows: rows.map(viewOf), total };
}

/** The same list as a spreadsheet (.xlsx), headers in the operator's language, every text as text. */
export async function invoicesWorkbook(
  db: Db,
  query: Partial<InvoiceListQuery>,
  siteScope: number | null,
  language: Language,
): Promise<Buffer> {
  const rows = (
    await selectInvoices(db)
      .where(whereOf(query, siteScope))
      .orderBy(desc(bizInvoice.issuedAt), desc(bizInvoice.invoiceId))
      .limit(EXPORT_LIMIT)
  ).map(viewOf);
  const words = INVOICE_WORDS[language];
  const text = (value: string) => ({ value, type: String });
  const amount = (minor: number, currency: string) => ({ value: minor / 10 ** minorDigits(currency), type: Number });
  const sheet: SheetData = [
    [
      words.number,
      words.kind,
      words.order,
      words.refersToHeader,
      words.buyerHeader,
      words.user,
      words.site,
      words.currency,
      words.amount,
      words.tax,
      words.issued,
    ].map((header) => ({ value: header, fontWeight: "bold" as const })),
    ...rows.map((row) => [
      text(row.invoiceNo),
      text(documentName(language, row.documentTitle, row.kind)),
      text(row.orderNo),
      text(row.refersTo ?? ""),
      text(row.buyerName),
      text(row.userName),
      text(row.siteName ?? ""),
      text(row.currency),
      amount(row.kind === "credit_note" ? -row.total : row.total, row.currency),
      amount(row.kind === "credit_note" ? -row.tax : row.tax, row.currency),
      { value: new Date(row.issuedAt), type: Date, format: "yyyy-mm-dd hh:mm" },
    ]),
  ];
  // Loaded on the first export, not at the server's start.
  const { default: writeExcelFile } = await import("write-excel-file/node");
  return writeExcelFile(sheet, {
    columns: [18, 14, 22, 18, 28, 16, 20, 10, 14, 12, 18].map((width) => ({ width })),
  }).toBuffer();
}

/**
 * An invoice for a reader: its customer, or an operator who may list invoices and whose site it
 * is (every site for one bound to none). Null otherwise: the same answer as for no invoice.
 */
export async function invoiceForReader(
  db: Db,
  invoiceNo: string,
  reader: { userId: number; operator: boolean; siteScope: number | null },
) {
  const [invoice] = await db.select().from(bizInvoice).where(eq(bizInvoice.invoiceNo, invoiceNo));
  if (!invoice) return null;
  if (invoice.userId === reader.userId) return invoice;
  if (reader.operator && (reader.siteScope === null || invoice.siteId === reader.siteScope)) return invoice;
  return null;
}

/** The invoice and credit note numbers of some orders, and what they are called (My orders shows their links). */
export async function invoiceNumbersOf(db: Db, orderNos: string[]) {
  type Numbers = { invoice?: string; credit?: string; documentTitle?: DocumentTitle };
  if (orderNos.length === 0) return new Map<string, Numbers>();
  const rows = await db
    .select({
      orderNo: bizInvoice.orderNo,
      invoiceNo: bizInvoice.invoiceNo,
      kind: bizInvoice.kind,
      snapshot: bizInvoice.snapshot,
    })
    .from(bizInvoice)
    .where(inArray(bizInvoice.orderNo, orderNos));
  const out = new Map<string, Numbers>();
  for (const row of rows) {
    const entry = out.get(row.orderNo) ?? {};
    if (row.kind === "invoice") {
      entry.invoice = row.invoiceNo;
      entry.documentTitle = documentTitleOf(row.snapshot);
    } else entry.credit = row.invoiceNo;
    out.set(row.orderNo, entry);
  }
  return out;
}
