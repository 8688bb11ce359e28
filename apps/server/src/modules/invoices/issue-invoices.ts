import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizInvoice, type bizOrder, type InvoiceSnapshot, sysSite, sysUser } from "../../db/schema.ts";
import { readerTimeZone } from "../mail/mail-time.ts";
import { nextInvoiceNumber } from "./invoice-numbers.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/** Tax included in a total at a rate in basis points: the total less the total without it. */
const includedTax = (total: number, rateBp: number) =>
  rateBp > 0 ? total - Math.round((total * 10_000) / (10_000 + rateBp)) : 0;

/**
 * A paid order's invoice, in the payment's transaction: the next number of its site's sequence and
 * a snapshot of seller (the site), buyer (the customer's billing profile, else their display name),
 * the line, discounts, the tax the site's prices include, the total paid, and what the site calls
 * the document (a receipt or a commercial invoice), and the zone its dates are written in: the
 * buyer's, else the site's, as the mail it comes with. Free orders (trials) get none. A top-up gets a
 * receipt whatever the site calls its documents, with no tax in it: money paid into the balance is
 * a deposit, not a sale; the order the balance later pays gets the invoice and its tax (README).
 * Answers the invoice number, or null.
 */
export async function issueInvoice(tx: Tx, order: OrderRow, now: Date): Promise<string | null> {
  if (order.amount <= 0) return null;
  const [parties] = await tx
    .select({ site: sysSite, user: sysUser })
    .from(sysUser)
    .leftJoin(sysSite, eq(sysSite.siteId, order.siteId ?? -1))
    .where(eq(sysUser.userId, order.userId));
  if (!parties) return null;
  const { site, user } = parties;
  const topUp = order.action === "topup";
  const taxRateBp = topUp ? 0 : (site?.taxRateBp ?? 0);
  const snapshot: InvoiceSnapshot = {
    seller: {
      company: site?.company ?? "",
      address: site?.billingAddress ?? "",
      taxId: site?.taxId ?? "",
      contact: site?.contactWay ?? "",
    },
    buyer: {
      name: user.billingName || user.nickName || user.userName,
      userName: user.userName,
      taxId: user.billingTaxId,
      address: user.billingAddress,
      email: user.invoiceEmail || user.email,
    },
    lines: [
      {
        description: topUp
          ? { product: order.product, edition: "", duration: "", action: order.action }
          : {
              product: order.product,
              edition: order.configuration.edition,
              duration: `${order.configuration.duration.unit}-${order.configuration.duration.count}`,
              action: order.action,
              ...(order.configuration.overage ? { overage: order.configuration.overage } : {}),
            },
        amount: order.originalPrice,
      },
    ],
    currency: order.currency,
    subtotal: order.originalPrice,
    discount: order.discount,
    couponDeduction: order.couponDeduction,
    taxRateBp,
    tax: includedTax(order.amount, taxRateBp),
    total: order.amount,
    orderNo: order.orderNo,
    payMethod: order.payMethod,
    paidAt: (order.paidAt ?? now).toISOString(),
    documentTitle: !topUp && site?.documentTitle === "commercial_invoice" ? "commercial_invoice" : "receipt",
    timeZone: readerTimeZone(user.timeZone, site?.timeZone ?? ""),
  };
  const invoiceNo = await nextInvoiceNumber(tx, "invoice", site?.invoicePrefix ?? "INV-");
  await tx.insert(bizInvoice).values({
    invoiceNo,
    kind: "invoice",
    siteId: order.siteId,
    userId: order.userId,
    orderNo: order.orderNo,
    snapshot,
    currency: order.currency,
    total: order.amount,
    issuedAt: now,
  });
  return invoiceNo;
}

/**
 * A refunded order's credit note, in the refund's transaction: its own sequence, the invoice's
 * snapshot with the amounts given back, referring to the invoice. None when the order had no
 * invoice. Answers the credit note's number, or null.
 */
export async function issueCreditNote(tx: Tx, order: OrderRow, now: Date): Promise<string | null> {
  const [invoice] = await tx
    .select()
    .from(bizInvoice)
    .where(and(eq(bizInvoice.orderNo, order.orderNo), eq(bizInvoice.kind, "invoice")));
  if (!invoice) return null;
  const [site] = order.siteId ? await tx.select().from(sysSite).where(eq(sysSite.siteId, order.siteId)) : [];
  const invoiceNo = await nextInvoiceNumber(tx, "credit_note", site?.invoicePrefix ?? "INV-");
  await tx.insert(bizInvoice).values({
    invoiceNo,
    kind: "credit_note",
    siteId: order.siteId,
    userId: order.userId,
    orderNo: order.orderNo,
    refersTo: invoice.invoiceNo,
    snapshot: { ...invoice.snapshot, paidAt: (order.refundedAt ?? now).toISOString() },
    currency: invoice.currency,
    total: invoice.total,
    issuedAt: now,
  });
  return invoiceNo;
}
