import type { InvoiceListQuery, InvoiceView, PageEnvelope } from "@rampart/contracts";
import { download } from "../../../shared/request/download";
import { request } from "../../../shared/request/request-client";

/** Business operations → Invoices: its requests. */
export const invoicesApi = {
  list: (query: Partial<InvoiceListQuery>) =>
    request<PageEnvelope<InvoiceView>>({ url: "/business/invoice/list", params: query }),
  export: (query: Partial<InvoiceListQuery>) =>
    download({ url: "/business/invoice/export", params: query, fileName: "invoices.xlsx" }),
  /** A receipt or commercial invoice (or its refund's document) as a PDF, in the reader's language, saved under its name. */
  pdf: (number: string, name: string) =>
    download({ url: `/order/invoice/${encodeURIComponent(number)}/pdf`, fileName: `${name} ${number}.pdf` }),
};
