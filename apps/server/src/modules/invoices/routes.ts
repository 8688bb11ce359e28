import { hasPermission, InvoiceListQuery, InvoiceView, Page } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { page } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { invoiceForReader, invoicesWorkbook, listInvoices } from "./invoice-admin.ts";
import { renderInvoicePdfOffThread } from "./invoice-pdf-renderer.ts";
import { documentFileName } from "./invoice-texts.ts";
import { withDocumentTimeZone } from "./invoice-time-zone.ts";

const InvoiceParams = Type.Object({ invoiceNo: Type.String({ pattern: "^[A-Za-z0-9_-]{1,40}$" }) });

/**
 * Invoices: the PDF of one (to its customer, or an operator of its site who may list invoices),
 * in the reader's language; Business → Invoices' list and its .xlsx export.
 */
export async function invoiceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { invoiceNo: string } }>(
    "/prod-api/order/invoice/:invoiceNo/pdf",
    { config: { access: "signed-in" }, schema: { params: InvoiceParams } },
    async (request, reply) => {
      const principal = principalOf(request);
      const invoice = await invoiceForReader(db, request.params.invoiceNo, {
        userId: principal.userId,
        operator: hasPermission(principal, "business:invoice:list"),
        siteScope: siteScopeOf(principal),
      });
      if (!invoice) throw new NotFoundError("invoice_not_found");
      const pdf = await renderInvoicePdfOffThread(await withDocumentTimeZone(db, invoice), request.language);
      return (
        reply
          .type("application/pdf")
          // The number for old clients; the document's name and number in the reader's language (RFC 6266).
          .header(
            "content-disposition",
            `attachment; filename="${invoice.invoiceNo}.pdf"; filename*=UTF-8''${encodeURIComponent(documentFileName(invoice, request.language))}`,
          )
          .header("cache-control", "private, no-store")
          .send(pdf)
      );
    },
  );

  app.get<{ Querystring: InvoiceListQuery }>(
    "/prod-api/business/invoice/list",
    {
      config: { access: { permission: "business:invoice:list" } },
      schema: { querystring: InvoiceListQuery, response: { 200: Page(InvoiceView) } },
    },
    async (request) => {
      const { rows, total } = await listInvoices(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  app.get<{ Querystring: InvoiceListQuery }>(
    "/prod-api/business/invoice/export",
    { config: { access: { permission: "business:invoice:export" } }, schema: { querystring: InvoiceListQuery } },
    async (request, reply) => {
      const book = await invoicesWorkbook(db, request.query, siteScopeOf(principalOf(request)), request.language);
      return reply
        .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", 'attachment; filename="invoices.xlsx"')
        .send(book);
    },
  );
}
