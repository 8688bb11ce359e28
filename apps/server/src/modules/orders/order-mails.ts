import { isLanguage } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizInvoice, bizOrder, sysSite, sysUser } from "../../db/schema.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import { PAY_METHOD_NAMES, PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { documentName, documentTitleOf } from "../invoices/invoice-texts.ts";
import { mailTime } from "../mail/mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { OrderEvent, OrderEvents } from "../services/lifecycle-events.ts";
import { siteOrigin } from "../sites/site-origin.ts";

export const ORDER_MAIL_QUEUE = "order-mail";
/** Writing the mail only reads the database: a failure is retried a few times, close together. */
const ORDER_MAIL_POLICY: QueuePolicy = {
  retryLimit: 10,
  retryDelaySeconds: 10,
  backoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 60,
};

/**
 * The customer's mails about their orders: placed (how to pay), paid (the receipt), refunded,
 * closed unpaid. The order's transaction records only a job (one job for a whole group of orders,
 * so that placing an order stays fast); the job writes each mail in the customer's language into
 * the outbox, keyed by order and event, so that a job run twice (or cut off halfway) mails once.
 */
export class OrderMails implements OrderEvents {
  readonly #db: Db;
  readonly #jobs: JobRunner;
  readonly #outbox: MailOutbox;

  constructor(deps: { db: Db; jobs: JobRunner; outbox: MailOutbox }) {
    this.#db = deps.db;
    this.#jobs = deps.jobs;
    this.#outbox = deps.outbox;
    deps.jobs.define<{ orderNos: string[]; event: OrderEvent }>(ORDER_MAIL_QUEUE, ORDER_MAIL_POLICY, async (data) => {
      for (const orderNo of data.orderNos) {
        // A group of orders is many mails: requests go first between two of them.
        await deps.jobs.whenQuiet();
        await this.#write(orderNo, data.event);
      }
    });
  }

  /** One job for the orders of one transaction (a group-committed batch of new orders is one job). */
  async record(tx: Tx, event: OrderEvent, orderNos: string[]): Promise<void> {
    if (orderNos.length === 0) return;
    await this.#jobs.sendIn(tx, ORDER_MAIL_QUEUE, { orderNos, event });
  }

  async #write(orderNo: string, event: OrderEvent): Promise<void> {
    const [row] = await this.#db
      .select({ order: bizOrder, user: sysUser, contactWay: sysSite.contactWay })
      .from(bizOrder)
      .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
      .leftJoin(sysSite, eq(sysSite.siteId, bizOrder.siteId))
      .where(eq(bizOrder.orderNo, orderNo));
    // No address, no mail (an account created without one).
    if (!row?.user.email) return;
    const { order, user } = row;
    const language = isLanguage(user.language) ? user.language : "en";
    const common = {
      name: user.nickName || user.userName,
      orderNo,
      product: PRODUCT_NAMES[order.product]?.[language] ?? order.product,
      amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
    };
    const consoleOrigin = await siteOrigin(this.#db, order.siteId, null, { console: true });
    const base = { siteId: order.siteId, language, to: user.email, key: `order-${event}-${orderNo}` };
    await this.#db.transaction(async (tx) => {
      if (event === "placed" && order.payMethod === "offline") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_placed_offline",
          values: { ...common, contact: row.contactWay || "—" },
        });
      } else if (event === "placed") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_placed",
          values: { ...common, link: `${consoleOrigin}/control/orders` },
        });
      } else if (event === "paid") {
        const method = order.isTrial ? "trial" : order.payMethod;
        // Its invoice goes with the mail (rendered when the mail is sent), which is named after it:
        // a receipt or a commercial invoice, as its site calls them (a free order's: a receipt).
        const [invoice] = await tx
          .select({ invoiceNo: bizInvoice.invoiceNo, snapshot: bizInvoice.snapshot })
          .from(bizInvoice)
          .where(and(eq(bizInvoice.orderNo, order.orderNo), eq(bizInvoice.kind, "invoice")));
        await this.#outbox.enqueue(tx, {
          ...base,
          ...(invoice ? { attachments: [{ invoiceNo: invoice.invoiceNo }] } : {}),
          event: "order_paid",
          values: {
            ...common,
            document: documentName(language, invoice ? documentTitleOf(invoice.snapshot) : "receipt", "invoice"),
            method: PAY_METHOD_NAMES[method]?.[language] ?? method,
            time: mailTime(order.paidAt ?? order.createdAt),
            link: `${consoleOrigin}/control/services`,
          },
        });
      } else if (event === "refunded") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_refunded",
          values: { ...common, time: mailTime(order.refundedAt ?? new Date()) },
        });
      } else {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_closed",
          values: { ...common, link: `${consoleOrigin}/control/orders` },
        });
      }
    });
  }
}
