import type { KeyObject } from "node:crypto";
import type { AntomSettings } from "../../config.ts";
import { privateKeyOf, publicKeyOf } from "../../secrets/key-text.ts";
import { contentToSign, signatureHeader, verifySignatureHeader } from "./antom-signature.ts";
import type {
  ChargeRequest,
  IncomingNotification,
  NotificationReading,
  NotificationRecord,
  PaymentChannel,
  TradeState,
} from "./payment-channel.ts";

/** An answer of Antom's: `result` says whether the call worked (not whether anything was paid). */
interface AntomResult {
  result?: { resultCode?: string; resultStatus?: string; resultMessage?: string };
  [field: string]: unknown;
}

export interface AntomAmount {
  currency: string;
  value: string;
}

/**
 * Minor units → Antom's amount: the count of the currency's smallest unit as a string, as ISO 4217
 * counts it (so our minor units: fen for CNY, one dong for VND).
 */
export function antomAmount(minor: number, currency: string): AntomAmount {
  return { currency, value: String(minor) };
}

/** Antom's amount → minor units, or null for anything that is not a plain count. */
export function parseAntomAmount(amount: unknown): { minor: number; currency: string } | null {
  const { value, currency } = (amount ?? {}) as { value?: unknown; currency?: unknown };
  if (typeof value !== "string" || typeof currency !== "string" || !/^\d{1,16}$/.test(value)) return null;
  const minor = Number(value);
  return Number.isSafeInteger(minor) ? { minor, currency } : null;
}

/** How long one call may take (Antom advises retrying a pay call that timed out). */
const CALL_TIMEOUT_MS = 10_000;
/** How long the cashier stays open: beyond it, Antom closes the payment itself. */
const CASHIER_MINUTES = 120;

export class AntomError extends Error {
  override name = "AntomError";
}

/**
 * International Alipay through Antom's Cashier Payment: every request signed with our key, every
 * answer's signature checked with Antom's before it is believed. The order number is the payment
 * request number, so a retried call concerns the same payment.
 */
export class AntomChannel implements PaymentChannel {
  readonly method = "alipayGlobal" as const;
  readonly logName = "antom";
  readonly notifyPath = "/prod-api/order/pay/notify/antom";
  /** Antom posts JSON, its signature over the exact bytes. */
  readonly notifyMediaTypes = ["application/json", "text/plain"];
  readonly settings: AntomSettings;
  readonly #privateKey: KeyObject;
  readonly #antomKey: KeyObject;
  readonly #sandbox: boolean;
  constructor(settings: AntomSettings) {
    this.settings = settings;
    this.#privateKey = privateKeyOf(settings.privateKey);
    this.#antomKey = publicKeyOf(settings.antomPublicKey);
    // Sandbox client ids call the sandbox's paths (/ams/sandbox/api/…), as Antom's SDKs do.
    this.#sandbox = settings.clientId.startsWith("SANDBOX_");
  }

  accepts(currency: string): boolean {
    return /^[A-Z]{3}$/.test(currency);
  }

  async start(order: ChargeRequest, urls: { notifyUrl: string; returnUrl: string }): Promise<string> {
    const amount = antomAmount(order.amount, order.currency);
    const answer = await this.#call("/ams/api/v1/payments/pay", {
      productCode: "CASHIER_PAYMENT",
      paymentRequestId: order.orderNo,
      order: { referenceOrderId: order.orderNo, orderDescription: order.subject, orderAmount: amount },
      paymentAmount: amount,
      paymentMethod: { paymentMethodType: this.settings.paymentMethodType },
      paymentRedirectUrl: urls.returnUrl,
      paymentNotifyUrl: this.settings.notifyUrl ?? urls.notifyUrl,
      paymentExpiryTime: new Date(Date.now() + CASHIER_MINUTES * 60_000).toISOString(),
      env: { terminalType: "WEB" },
    });
    const status = answer.result?.resultStatus;
    const url = answer.normalUrl;
    if ((status === "U" || status === "S") && typeof url === "string" && /^https:\/\//.test(url)) return url;
    throw new AntomError(`payments/pay: ${answer.result?.resultCode ?? "no result"}`);
  }

  async query(orderNo: string): Promise<TradeState | null> {
    const answer = await this.#call("/ams/api/v1/payments/inquiryPayment", { paymentRequestId: orderNo });
    if (answer.result?.resultStatus !== "S") {
      if (answer.result?.resultCode === "ORDER_NOT_EXIST") return null;
      throw new AntomError(`payments/inquiryPayment: ${answer.result?.resultCode ?? "no result"}`);
    }
    // The answer must be about this very payment.
    if (answer.paymentRequestId !== orderNo)
      throw new AntomError(`payments/inquiryPayment: the answer is about ${String(answer.paymentRequestId)}`);
    const amount = parseAntomAmount(answer.paymentAmount);
    return {
      paid: answer.paymentStatus === "SUCCESS",
      tradeNo: typeof answer.paymentId === "string" ? answer.paymentId : "",
      amount: amount?.minor ?? null,
      currency: amount?.currency ?? null,
    };
  }

  async close(orderNo: string): Promise<void> {
    const answer = await this.#call("/ams/api/v1/payments/cancel", { paymentRequestId: orderNo });
    if (answer.result?.resultStatus === "S" || answer.result?.resultCode === "ORDER_NOT_EXIST") return;
    throw new AntomError(`payments/cancel: ${answer.result?.resultCode ?? "no result"}`);
  }

  async refund(order: { orderNo: string; amount: number; currency: string; tradeNo: string }): Promise<void> {
    const answer = await this.#call("/ams/api/v1/payments/refund", {
      refundRequestId: order.orderNo,
      paymentId: order.tradeNo,
      refundAmount: antomAmount(order.amount, order.currency),
    });
    if (answer.result?.resultStatus !== "S")
      throw new AntomError(`payments/refund: ${answer.result?.resultCode ?? "no result"}`);
  }

  /**
   * Whether a notification was signed by Antom: the path it was posted to, the request-time and
   * client-id headers and the raw body, as Antom signed them; for our client id only.
   */
  verifyNotification(path: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
    const clientId = headers["client-id"];
    const time = headers["request-time"];
    const signature = headers.signature;
    if (clientId !== this.settings.clientId || typeof time !== "string" || typeof signature !== "string") return false;
    return verifySignatureHeader(signature, contentToSign("POST", path, clientId, time, body), this.#antomKey);
  }

  /**
   * A notification of a payment, read as Antom requires: the signature first (our client id,
   * RSA256 over the path it was posted to, the time and the raw body); only a PAYMENT_RESULT with
   * resultStatus S says the buyer paid. What nobody signed is kept as a short excerpt tied to no
   * order: anyone can post here.
   */
  readNotification(incoming: IncomingNotification): { reading: NotificationReading; record: NotificationRecord } {
    let fields: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(incoming.body);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
    } catch {
      // Kept as it came, with what became of it.
    }
    const result = fields.result as { resultStatus?: unknown } | undefined;
    const tradeStatus = `${String(fields.notifyType ?? "")}:${String(result?.resultStatus ?? "")}`.slice(0, 32);
    // Signed over the address Antom was given: ANTOM_NOTIFY_URL's path when set, else the one posted to.
    const path = this.settings.notifyUrl
      ? (({ pathname, search }) => pathname + search)(new URL(this.settings.notifyUrl))
      : incoming.path;
    if (!this.verifyNotification(path, incoming.headers, incoming.body)) {
      return {
        reading: { refused: "signature" },
        record: { orderNo: null, tradeStatus, raw: { excerpt: incoming.body.slice(0, 512) } },
      };
    }
    const orderNo = typeof fields.paymentRequestId === "string" ? fields.paymentRequestId : "";
    return {
      reading: {
        orderNo,
        paid: fields.notifyType === "PAYMENT_RESULT" && result?.resultStatus === "S",
        tradeNo: typeof fields.paymentId === "string" ? fields.paymentId : "",
        amount: parseAntomAmount(fields.paymentAmount),
      },
      record: {
        orderNo: orderNo ? orderNo.slice(0, 64) : null,
        tradeStatus,
        raw: Object.keys(fields).length > 0 ? fields : { excerpt: incoming.body.slice(0, 512) },
      },
    };
  }

  /** Antom's acknowledgement; anything else makes it send the notification again. */
  notificationAnswer(acknowledge: boolean) {
    const result = acknowledge
      ? { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" }
      : { resultCode: "PROCESS_FAIL", resultStatus: "F", resultMessage: "refused" };
    return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ result }) };
  }

  /** One signed call; the answer counts only when Antom's signature over it holds. */
  async #call(apiPath: string, payload: Record<string, unknown>): Promise<AntomResult> {
    const path = this.#sandbox ? apiPath.replace("/ams/api/", "/ams/sandbox/api/") : apiPath;
    const body = JSON.stringify(payload);
    const time = String(Date.now());
    const response = await fetch(new URL(path, this.settings.gateway), {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=UTF-8",
        "client-id": this.settings.clientId,
        "request-time": time,
        signature: signatureHeader(contentToSign("POST", path, this.settings.clientId, time, body), this.#privateKey),
      },
      body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    const answeredAt = response.headers.get("response-time") ?? "";
    // Signed by Antom for our client id (whatever client id the answer names), over its exact bytes.
    const signed = verifySignatureHeader(
      response.headers.get("signature") ?? undefined,
      contentToSign("POST", path, this.settings.clientId, answeredAt, text),
      this.#antomKey,
    );
    if (!signed) throw new AntomError(`${apiPath}: the answer (HTTP ${response.status}) is not signed by Antom`);
    try {
      return JSON.parse(text) as AntomResult;
    } catch {
      throw new AntomError(`${apiPath}: the answer is not JSON`);
    }
  }
}
