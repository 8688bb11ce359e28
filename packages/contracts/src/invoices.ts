import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { SingleLine } from "./field-kinds.ts";
import { DocumentTitle } from "./site.ts";

export const InvoiceKind = Type.Union([Type.Literal("invoice"), Type.Literal("credit_note")]);
export type InvoiceKind = Static<typeof InvoiceKind>;

/** GET /prod-api/business/invoice/list (and /export): the invoices an operator may see, newest first. */
export const InvoiceListQuery = Type.Object({
  ...PageQuery,
  /** An invoice or credit note number, or an order number (a prefix). */
  number: Type.Optional(SingleLine({ maxLength: 40 })),
  /** The customer's user name or billing name. */
  customer: Type.Optional(SingleLine({ maxLength: 64 })),
  kind: Type.Optional(InvoiceKind),
  /** Issued from this day (YYYY-MM-DD, inclusive) … */
  beginTime: Type.Optional(Type.String({ format: "date" })),
  /** … to this day (inclusive). */
  endTime: Type.Optional(Type.String({ format: "date" })),
});
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

export const InvoiceView = Type.Object({
  invoiceNo: Type.String(),
  kind: InvoiceKind,
  /** What the document is called (its site's choice when it was issued). */
  documentTitle: DocumentTitle,
  orderNo: Type.String(),
  /** A credit note's invoice. */
  refersTo: Type.Union([Type.String(), Type.Null()]),
  userName: Type.String(),
  buyerName: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  total: Type.Integer(),
  tax: Type.Integer(),
  issuedAt: Type.String(),
});
export type InvoiceView = Static<typeof InvoiceView>;

/** GET and PUT /prod-api/system/user/profile/billing: who the customer's invoices are made out to. */
export const BillingProfile = Type.Object(
  {
    /** A person's or company's name ("" : the display name). */
    billingName: SingleLine({ maxLength: 200 }),
    billingTaxId: SingleLine({ maxLength: 64 }),
    billingAddress: SingleLine({ maxLength: 300 }),
    /** Where invoices go ("" : the account's address). */
    invoiceEmail: Type.String({ maxLength: 254, anyOf: [{ const: "" }, { format: "email" }] }),
  },
  { additionalProperties: false },
);
export type BillingProfile = Static<typeof BillingProfile>;
