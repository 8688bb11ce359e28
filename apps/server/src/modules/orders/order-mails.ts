import { isLanguage, type Language } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, sysUser } from "../../db/schema.ts";
import { type EventOf, ORDER_EVENT_TYPES, type OrderEventType } from "../../events/app-events.ts";
import { listener } from "../../events/event-bus.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import { emailVerificationOn } from "../auth/email-verification.ts";
import { entryOf } from "../balance/balance-ledger.ts";
import { PAY_METHOD_NAMES, PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { documentName } from "../invoices/invoice-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { overageMailValues, overagePartsMailValues } from "../mail/overage-mail-values.ts";
import { instructionsFor } from "../sites/payment-instructions.ts";
import { salesAlertRecipients } from "../sites/sales-addresses.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { orderEvents } from "./order-snapshots.ts";

export const ORDER_MAIL_QUEUE = "order-mails";
/** Writing the mail only reads the database: a failure is retried a few times, close together. */
export const ORDER_MAIL_POLICY: QueuePolicy = {
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
  "zh-TW": "我們將另行與您聯絡付款事宜。",
  id: "Tim kami akan segera menghubungi Anda untuk pembayaran.",
  vi: "Đội ngũ của chúng tôi sẽ sớm liên hệ với bạn để hướng dẫn thanh toán.",
};

/** What an overage order's mail says of how to pay it online. */
const PAY_ONLINE: Record<Language, string> = {
  en: "Pay it from My orders in the console.",
  "zh-CN": "请在控制台“我的订单”中完成支付。",
  "zh-TW": "請在主控台的「我的訂單」完成付款。",
  id: "Silakan bayar melalui menu Pesanan saya di konsol.",
  vi: "Vui lòng thanh toán trong mục Đơn hàng của tôi trên bảng điều khiển.",
};

/** What the order mails are written with. */
export interface OrderMailContext {
  db: Db;
  jobs: JobRunner;
  mail: MailOutbox;
  now: () => Date;
}

type OrderMailEvent = EventOf<OrderEventType>;

/**
 * The customer's mails about their orders: placed (how to pay: for an offline order the site's
 * payment instructions, and an alert to the site's sales addresses), paid (the receipt), refunded,
 * closed unpaid. Each event of an order is a job (sent in the order's transaction); the job writes
 * each mail in the customer's language from the event's snapshot into the outbox, keyed by order and
 * event, so that a job run twice (or cut off halfway) mails once.
 */
export const orderMails = listener<OrderEventType, OrderMailContext>({
  name: ORDER_MAIL_QUEUE,
  events: ORDER_EVENT_TYPES,
  policy: ORDER_MAIL_POLICY,
  handle: (event, context) => new OrderMails(context).write(event),
});

class OrderMails {
  readonly #db: Db;
  readonly #outbox: MailOutbox;
  readonly #now: () => Date;

  constructor(deps: OrderMailContext) {
    this.#db = deps.db;
    this.#outbox = deps.mail;
    this.#now = deps.now;
  }

  async write(snapshot: OrderMailEvent): Promise<void> {
    const { order, customer, site, language } = snapshot;
    const event = snapshot.type;
    // A free trial is paid as it is placed: its receipt is its only mail.
    if (event === "order.placed" && order.isTrial) return;
    const consoleOrigin = await siteOrigin(this.#db, order.siteId, null, { console: true });
    const offline = event === "order.placed" && order.payMethod === "offline";
    // The site's sales addresses hear of an order to be paid offline (whether or not the customer
    // gave an address of their own).
    if (offline) await this.#alertSales(snapshot, consoleOrigin);
    // No address, no mail (an account created without one).
    if (!customer.email) return;
    const common = {
      name: customer.nickName || customer.userName,
      orderNo: order.orderNo,
      product: PRODUCT_NAMES[order.product]?.[language] ?? order.product,
      amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
    };
    const base = {
      siteId: order.siteId,
      language,
      to: customer.email,
      timeZone: customer.timeZone,
      key: `order-${event.slice("order.".length)}-${order.orderNo}`,
    };
    if (order.action === "topup") return this.#writeTopUp(snapshot, common, base, { offline, consoleOrigin });
    await this.#db.transaction(async (tx) => {
      if (event === "order.placed" && order.overage) {
        // Bandwidth used beyond the package: the figures that made the amount, and how to pay it.
        // A month whose commitment changed says each part's figures, one line each.
        const instructions = offline ? instructionsFor(site.paymentInstructions, language) : null;
        const payment = offline ? (instructions ?? NO_INSTRUCTIONS[language]) : PAY_ONLINE[language];
        const link = `${consoleOrigin}/control/orders`;
        if (order.overage.parts?.length)
          await this.#outbox.enqueue(tx, {
            ...base,
            event: "order_overage_parts",
            values: { ...common, ...overagePartsMailValues(order.overage, language), payment, link },
          });
        else
          await this.#outbox.enqueue(tx, {
            ...base,
            event: "order_overage",
            values: { ...common, ...overageMailValues(order.overage, language), payment, link },
          });
      } else if (offline) {
        const instructions = instructionsFor(site.paymentInstructions, language);
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_placed_offline",
          values: { ...common, contact: site.contactWay || "—", payment: instructions ?? NO_INSTRUCTIONS[language] },
        });
      } else if (event === "order.placed") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_placed",
          values: { ...common, link: `${consoleOrigin}/control/orders` },
        });
      } else if (event === "order.paid") {
        const method = order.isTrial ? "trial" : order.payMethod;
        const methodName = PAY_METHOD_NAMES[method]?.[language] ?? method;
        // Its invoice goes with the mail (rendered when the mail is sent), which is named after it:
        // a receipt or a commercial invoice, as its site calls them (a free order's: a receipt).
        const { invoice } = snapshot;
        await this.#outbox.enqueue(tx, {
          ...base,
          ...(invoice ? { attachments: [{ invoiceNo: invoice.invoiceNo }] } : {}),
          event: "order_paid",
          values: {
            ...common,
            document: documentName(language, invoice?.title ?? "receipt", "invoice"),
            // Paid partly from the balance: both ways, the balance first.
            method:
              order.balanceHeld && method !== "balance"
                ? `${PAY_METHOD_NAMES.balance?.[language] ?? "balance"} + ${methodName}`
                : methodName,
            time: { at: new Date(order.paidAt ?? order.createdAt) },
            link: `${consoleOrigin}/control/services`,
          },
        });
      } else if (event === "order.refunded" && order.refundedToBalance) {
        // Given back to the balance: where it went and what the balance is now, not "a few working days".
        const { amount, balanceAfter } = order.refundedToBalance;
        const money = (minor: number) => formatMoney({ minor, currency: order.currency }, language);
        const time = { at: order.refundedAt ? new Date(order.refundedAt) : this.#now() };
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_refunded_to_balance",
          values: {
            ...common,
            amount: money(amount),
            balance: money(balanceAfter),
            time,
            link: `${consoleOrigin}/control/balance`,
          },
        });
        // Paid partly through a channel: that part goes back the way it was paid, told as any refund is.
        if (amount < order.amount)
          await this.#outbox.enqueue(tx, {
            ...base,
            key: `${base.key}-channel`,
            event: "order_refunded",
            values: { ...common, amount: money(order.amount - amount), time },
          });
      } else if (event === "order.refunded") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "order_refunded",
          values: { ...common, time: { at: order.refundedAt ? new Date(order.refundedAt) : this.#now() } },
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
   * A top-up's mails (it buys no service, which the order mails would promise): how to pay one by
   * bank transfer, its receipt with the balance it made, its refund. A top-up placed for the cashier
   * or closed unpaid is the customer's own errand at the cashier: no mail.
   */
  async #writeTopUp(
    snapshot: OrderMailEvent,
    common: { name: string; orderNo: string; amount: string },
    base: { siteId: number | null; language: Language; to: string; timeZone: string; key: string },
    { offline, consoleOrigin }: { offline: boolean; consoleOrigin: string },
  ): Promise<void> {
    const { order, site, language, invoice } = snapshot;
    const event = snapshot.type;
    const values = { name: common.name, orderNo: common.orderNo, amount: common.amount };
    // The balance right after this top-up's credit, as its ledger entry recorded it.
    const credited = event === "order.paid" ? await entryOf(this.#db, "topup", order.orderNo) : null;
    await this.#db.transaction(async (tx) => {
      if (event === "order.placed" && offline) {
        const payment = instructionsFor(site.paymentInstructions, language) ?? NO_INSTRUCTIONS[language];
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "topup_placed_offline",
          values: { ...values, contact: site.contactWay || "—", payment },
        });
      } else if (event === "order.paid") {
        await this.#outbox.enqueue(tx, {
          ...base,
          ...(invoice ? { attachments: [{ invoiceNo: invoice.invoiceNo }] } : {}),
          event: "topup_paid",
          values: {
            ...values,
            balance: formatMoney({ minor: credited?.balanceAfter ?? order.amount, currency: order.currency }, language),
            document: documentName(language, "receipt", "invoice"),
            method: PAY_METHOD_NAMES[order.payMethod]?.[language] ?? order.payMethod,
            time: { at: new Date(order.paidAt ?? order.createdAt) },
            link: `${consoleOrigin}/control/balance`,
          },
        });
      } else if (event === "order.refunded") {
        await this.#outbox.enqueue(tx, {
          ...base,
          event: "topup_refunded",
          values: { ...values, time: { at: order.refundedAt ? new Date(order.refundedAt) : this.#now() } },
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
  async #alertSales(snapshot: OrderMailEvent, consoleOrigin: string): Promise<void> {
    const { order, customer: user } = snapshot;
    const addresses = (
      await salesAlertRecipients(this.#db, snapshot.site.siteId, { confirmedOnly: await emailVerificationOn(this.#db) })
    ).map((address) => address.toLowerCase());
    if (addresses.length === 0) return;
    const accounts = await this.#db
      .select({ email: sysUser.email, language: sysUser.language })
      .from(sysUser)
      .where(inArray(sql`lower(${sysUser.email})`, addresses));
    const customerLanguage = snapshot.language;
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

/**
 * The queue the order mails had before events carried snapshots (issue 39): a job of it still
 * waiting when a server of this version takes over is written the same way, its orders read now.
 */
export const LEGACY_ORDER_MAIL_QUEUE = "order-mail";
export async function writeLegacyOrderMails(
  context: OrderMailContext,
  data: { orderNos: string[]; event: "placed" | "paid" | "closed" | "refunded" },
): Promise<void> {
  if (data.orderNos.length === 0) return;
  const rows = await context.db.select().from(bizOrder).where(inArray(bizOrder.orderNo, data.orderNos));
  const mails = new OrderMails(context);
  for (const event of await orderEvents(context.db, `order.${data.event}`, rows)) {
    await context.jobs.whenQuiet();
    await mails.write(event as OrderMailEvent);
  }
}
