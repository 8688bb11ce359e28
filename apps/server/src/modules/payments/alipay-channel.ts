import type { AlipaySdk } from "alipay-sdk";
import type { AlipaySettings } from "../../config.ts";
import type {
  ChargeRequest,
  IncomingNotification,
  NotificationReading,
  NotificationRecord,
  PaymentChannel,
  TradeState,
} from "./payment-channel.ts";

/** Alipay answers "trade does not exist" for an order whose cashier was never opened. */
const TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST";

/** Only these mean the buyer has paid (TRADE_FINISHED also comes when the refund window ends). */
export const ALIPAY_PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

/** Alipay takes yuan: this channel is for orders in CNY. */
export const ALIPAY_CURRENCY = "CNY";

/** Minor units → Alipay's amount ("1234" fen → "12.34"). */
export function alipayAmount(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** Alipay's amount → minor units, or null for anything that is not a plain amount. */
export function parseAlipayAmount(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Alipay through its official SDK: the cashier page (alipay.trade.page.pay), notification
 * signatures, and the trade calls (query, close, refund), each answer's signature checked.
 */
export class AlipayChannel implements PaymentChannel {
  readonly method = "alipay" as const;
  readonly logName = "alipay";
  readonly notifyPath = "/prod-api/order/pay/notify/alipay";
  /** Alipay posts a form. */
  readonly notifyMediaTypes = ["application/x-www-form-urlencoded"];
  readonly #sdk: AlipaySdk;
  readonly settings: AlipaySettings;
  private constructor(settings: AlipaySettings, sdk: AlipaySdk) {
    this.settings = settings;
    this.#sdk = sdk;
  }

  /** The channel, its SDK loaded only when Alipay is configured (a few hundred modules otherwise never needed). */
  static async open(settings: AlipaySettings): Promise<AlipayChannel> {
    const { AlipaySdk } = await import("alipay-sdk");
    const sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      alipayPublicKey: settings.alipayPublicKey,
      keyType: settings.keyType,
      signType: "RSA2",
      gateway: settings.gateway,
      timeout: 5000,
      camelcase: false,
    });
    return new AlipayChannel(settings, sdk);
  }

  accepts(currency: string): boolean {
    return currency === ALIPAY_CURRENCY;
  }

  /** The signed address of Alipay's cashier for this order. */
  async start(order: ChargeRequest, urls: { notifyUrl: string; returnUrl: string }): Promise<string> {
    return this.#sdk.pageExecute("alipay.trade.page.pay", "GET", {
      bizContent: {
        out_trade_no: order.orderNo,
        total_amount: alipayAmount(order.amount),
        subject: order.subject,
        product_code: "FAST_INSTANT_TRADE_PAY",
        timeout_express: "2h",
      },
      notifyUrl: this.settings.notifyUrl ?? urls.notifyUrl,
      returnUrl: urls.returnUrl,
    });
  }

  /**
   * Whether a notification is signed by Alipay. Only RSA2 is accepted, and that is decided before
   * the SDK looks at the untrusted sign_type (which could otherwise ask for RSA with SHA-1).
   */
  verify(fields: Record<string, string>): boolean {
    if (fields.sign_type !== "RSA2" || typeof fields.sign !== "string") return false;
    try {
      return this.#sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  /**
   * An asynchronous notification, read as Alipay requires: signature (RSA2 only), then our app id
   * and seller; only TRADE_SUCCESS / TRADE_FINISHED say the buyer paid. Kept as it came.
   */
  readNotification({ body }: IncomingNotification): { reading: NotificationReading; record: NotificationRecord } {
    const fields = Object.fromEntries(new URLSearchParams(body));
    const record = {
      orderNo: fields.out_trade_no?.slice(0, 64) ?? null,
      tradeStatus: fields.trade_status?.slice(0, 32) ?? null,
      raw: fields,
    };
    const refused = (reason: string) => ({ reading: { refused: reason }, record });
    if (fields.sign_type !== "RSA2") return refused("sign_type");
    if (!this.verify(fields)) return refused("signature");
    if (fields.app_id !== this.settings.appId) return refused("app_id");
    if (fields.seller_id !== this.settings.sellerId) return refused("seller_id");
    const minor = parseAlipayAmount(fields.total_amount);
    return {
      reading: {
        orderNo: fields.out_trade_no ?? "",
        paid: ALIPAY_PAID_STATUSES.has(fields.trade_status ?? ""),
        tradeNo: fields.trade_no ?? "",
        amount: minor === null ? null : { minor, currency: ALIPAY_CURRENCY },
      },
      record,
    };
  }

  /** Exactly `success` once the order's state is stored; anything else makes Alipay try again. */
  notificationAnswer(acknowledge: boolean) {
    return { contentType: "text/plain; charset=utf-8", body: acknowledge ? "success" : "failure" };
  }

  /** The trade as Alipay has it; null when Alipay has no trade for the order. */
  async query(orderNo: string): Promise<TradeState | null> {
    const answer = (await this.#sdk.exec(
      "alipay.trade.query",
      { bizContent: { out_trade_no: orderNo } },
      { validateSign: true },
    )) as Record<string, string>;
    if (answer.code !== "10000") {
      if (answer.sub_code === TRADE_NOT_EXIST) return null;
      throw new Error(`alipay.trade.query: ${answer.code} ${answer.sub_code ?? ""}`);
    }
    return {
      paid: ALIPAY_PAID_STATUSES.has(answer.trade_status ?? ""),
      tradeNo: answer.trade_no ?? "",
      amount: parseAlipayAmount(answer.total_amount),
      currency: ALIPAY_CURRENCY,
    };
  }

  /** Closes the unpaid trade so that its cashier can no longer take money. */
  async close(orderNo: string): Promise<void> {
    const answer = (await this.#sdk.exec(
      "alipay.trade.close",
      { bizContent: { out_trade_no: orderNo } },
      { validateSign: true },
    )) as Record<string, string>;
    if (answer.code !== "10000" && answer.sub_code !== TRADE_NOT_EXIST)
      throw new Error(`alipay.trade.close: ${answer.code} ${answer.sub_code ?? ""}`);
  }

  /** Refunds the whole amount; the order number is the request number, so a retry refunds once. */
  async refund({ orderNo, amount }: { orderNo: string; amount: number }): Promise<void> {
    const answer = (await this.#sdk.exec(
      "alipay.trade.refund",
      { bizContent: { out_trade_no: orderNo, refund_amount: alipayAmount(amount), out_request_no: orderNo } },
      { validateSign: true },
    )) as Record<string, string>;
    if (answer.code !== "10000") throw new Error(`alipay.trade.refund: ${answer.code} ${answer.sub_code ?? ""}`);
  }
}
