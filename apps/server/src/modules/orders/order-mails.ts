import { isLanguage, type Language } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizInvoice, bizOrder, sysSite, sysUser } from "../../db/schema.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import { emailVerificationOn } from "../auth/email-verification.ts";
import { PAY_METHOD_NAMES, PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { documentName, documentTitleOf } from "../invoices/invoice-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { OrderEvent, OrderEvents } from "../services/lifecycle-events.ts";
import { instructionsFor } from "../sites/payment-instructions.ts";
import { salesAlertRecipients } from "../sites/sales-addresses.ts";
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

/** What the order mail says of how to pay when the site gave no instructions. */
const NO_INSTRUCTIONS: Record<Language, string> = {
  en: "Our team will contact you shortly to arrange the payment.",
  "zh-CN": "我们的团队会尽快与您联系，告知付款事宜。",
  "zh-TW": "我們的團隊會盡快與您聯絡，說明付款事宜。",
  id: "Tim kami akan segera menghubungi Anda untuk mengatur pembayarannya.",
  vi: "Đội ngũ của chúng tôi sẽ sớm liên hệ với bạn để hướng dẫn thanh toán.",
};

/**
 * The customer's mails about their orders: placed (how to pay: for an offline order the site's
 * payment instructions, and an alert to the site's sales addresses), paid (the receipt), refunded,
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
      .select({ order: bizOrder, user: sysUser })
      .from(bizOrder)
      .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
      .where(eq(bizOrder.orderNo, orderNo));
    if (!row) return;
    const { order, user } = row;
    // The order's site (the default site's for an order of no site: it is sold in its name).
    const [site] = await this.#db
      .select({
        siteId: sysSite.siteId,
        contactWay: sysSite.contactWay,
        paymentInstructions: sysSite.paymentInstructions,
      })
      .from(sysSite)
      .where(order.siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, order.siteId));
    const language = isLanguage(user.language) ? user.language : "en";
    const consoleOrigin = await siteOrigin(this.#db, order.siteId, null, { console: true });
    const offline = event === "placed" && order.payMethod === "offline";
    // The site's sales addresses hear of an order to be paid offline (whether or not the customer
    // gave an address of their own).
    if (offline) await this.#alertSales(order, user, site?.siteId ?? null, consoleOrigin);
    // No address, no mail (an account created without one).
    if (!user.email) return;
    const common = {
      name: user.nickName || user.userName,
      orderNo,
      product: PRODUCT_NAMES[order.product]?.[language] ?? order.product,
      amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
    };
    const base = {
      siteId: order.siteId,
      language,
      to: user.email,
      timeZone: user.timeZone,
      key: `order-${event}-${orderNo}`,
    };
    await this.#db.transaction(async (tx) => {
      if (offline) {
        const instructions = instructionsFor(site?.paymentInstructions ?? {}, language);
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_placed_offline",
          values: { ...common, contact: site?.contactWay || "—", payment: instructions ?? NO_INSTRUCTIONS[language] },
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
            time: { at: order.paidAt ?? order.createdAt },
            link: `${consoleOrigin}/control/services`,
          },
        });
      } else if (event === "refunded") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_refunded",
          values: { ...common, time: { at: order.refundedAt ?? new Date() } },
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

  /**
   * A new order to be paid offline, told to each of its site's sales addresses (as a new lead is;
   * the administrators' while the site has none, see salesAlertRecipients):
   * who ordered what for how much, with a link to the order in Business → Orders on the site's
   * console domain (from the site record). Each address reads it in its own account's language when
   * it is an account's, else in the customer's (a bare address has no language of its own). Keyed
   * by order and address: a job run twice alerts once.
   */
  async #alertSales(
    order: typeof bizOrder.$inferSelect,
    user: typeof sysUser.$inferSelect,
    siteId: number | null,
    consoleOrigin: string,
  ): Promise<void> {
    const addresses = (
      await salesAlertRecipients(this.#db, siteId, { confirmedOnly: await emailVerificationOn(this.#db) })
    ).map((address) => address.toLowerCase());
    if (addresses.length === 0) return;
    const accounts = await this.#db
      .select({ email: sysUser.email, language: sysUser.language })
      .from(sysUser)
      .where(inArray(sql`lower(${sysUser.email})`, addresses));
    const customerLanguage = isLanguage(user.language) ? user.language : "en";
    const customer = [
      user.nickName && user.nickName !== user.userName ? `${user.nickName} (${user.userName})` : user.userName,
      user.email,
    ]
      .filter(Boolean)
      .join(" · ");
    const link = `${consoleOrigin}/business/order?${new URLSearchParams({ orderNo: order.orderNo })}`;
    await this.#db.transaction(async (tx) => {
      for (const to of addresses) {
        const own = accounts.find((account) => account.email.toLowerCase() === to)?.language;
        const language = isLanguage(own) ? own : customerLanguage;
        await this.#outbox.enqueue(tx, {
          siteId: order.siteId,
          event: "order_offline_alert",
          language,
          to,
          key: `order-offline-alert-${order.orderNo}-${to}`,
          values: {
            orderNo: order.orderNo,
            customer,
            product: PRODUCT_NAMES[order.product]?.[language] ?? order.product,
            amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
            link,
          },
        });
      }
    });
  }
}
