import { isLanguage } from "@rampart/contracts";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizBalanceEntry, bizInvoice, type bizOrder, sysSite, sysUser } from "../../db/schema.ts";
import type { AppEvent, OrderEventType } from "../../events/app-events.ts";
import { documentTitleOf } from "../invoices/invoice-texts.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/**
 * Order events with what their listeners need, read in the transaction that makes them (the same
 * statements whatever the number of orders: a group of new orders is three reads). An order whose
 * customer or site has gone is not announced.
 */
export async function orderEvents(tx: Tx | Db, type: OrderEventType, orders: OrderRow[]): Promise<AppEvent[]> {
  if (orders.length === 0) return [];
  const userIds = [...new Set(orders.map((order) => order.userId))];
  const siteIds = [...new Set(orders.flatMap((order) => (order.siteId === null ? [] : [order.siteId])))];
  const users = new Map(
    (await tx.select().from(sysUser).where(inArray(sysUser.userId, userIds))).map((user) => [user.userId, user]),
  );
  const siteRows = await tx
    .select()
    .from(sysSite)
    .where(or(eq(sysSite.isDefault, true), siteIds.length > 0 ? inArray(sysSite.siteId, siteIds) : undefined));
  const defaultSite = siteRows.find((site) => site.isDefault);
  const invoices =
    type === "order.paid"
      ? new Map(
          (
            await tx
              .select({ orderNo: bizInvoice.orderNo, invoiceNo: bizInvoice.invoiceNo, snapshot: bizInvoice.snapshot })
              .from(bizInvoice)
              .where(
                and(
                  inArray(
                    bizInvoice.orderNo,
                    orders.map((order) => order.orderNo),
                  ),
                  eq(bizInvoice.kind, "invoice"),
                ),
              )
          ).map((invoice) => [invoice.orderNo, invoice]),
        )
      : new Map();
  // An order refunded to the balance: the credit its refund posted (balance/order-refund-entries.ts).
  const balanceRefunds =
    type === "order.refunded"
      ? new Map(
          (
            await tx
              .select({
                reference: bizBalanceEntry.reference,
                amount: bizBalanceEntry.amount,
                balanceAfter: bizBalanceEntry.balanceAfter,
              })
              .from(bizBalanceEntry)
              .where(
                and(
                  eq(bizBalanceEntry.kind, "refund"),
                  inArray(
                    bizBalanceEntry.reference,
                    orders.map((order) => order.orderNo),
                  ),
                ),
              )
          ).map((entry) => [entry.reference, { amount: entry.amount, balanceAfter: entry.balanceAfter }]),
        )
      : new Map<string, { amount: number; balanceAfter: number }>();
  return orders.flatMap((order): AppEvent[] => {
    const user = users.get(order.userId);
    const site = order.siteId === null ? defaultSite : siteRows.find((row) => row.siteId === order.siteId);
    if (!user || !site) return [];
    const invoice = invoices.get(order.orderNo);
    return [
      {
        type,
        order: {
          orderNo: order.orderNo,
          userId: order.userId,
          siteId: order.siteId,
          product: order.product,
          action: order.action,
          serviceOrderNo: order.serviceOrderNo,
          payMethod: order.payMethod,
          isTrial: order.isTrial,
          status: order.status,
          currency: order.currency,
          amount: order.amount,
          ...(order.balanceHeld > 0 ? { balanceHeld: order.balanceHeld } : {}),
          createdAt: order.createdAt.toISOString(),
          paidAt: order.paidAt?.toISOString() ?? null,
          refundedAt: order.refundedAt?.toISOString() ?? null,
          ...(order.configuration.overage ? { overage: order.configuration.overage } : {}),
          ...(balanceRefunds.has(order.orderNo) ? { refundedToBalance: balanceRefunds.get(order.orderNo)! } : {}),
        },
        customer: {
          userId: user.userId,
          userName: user.userName,
          nickName: user.nickName,
          email: user.email,
          timeZone: user.timeZone,
        },
        site: {
          siteId: site.siteId,
          own: order.siteId !== null,
          company: site.company,
          agentCode: site.agentCode,
          contactWay: site.contactWay,
          paymentInstructions: site.paymentInstructions,
        },
        language: isLanguage(user.language) ? user.language : "en",
        invoice: invoice ? { invoiceNo: invoice.invoiceNo, title: documentTitleOf(invoice.snapshot) } : null,
      },
    ];
  });
}
