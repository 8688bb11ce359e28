import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AntomSettings } from "../config.ts";
import { contentToSign, signatureHeader, verifySignatureHeader } from "../modules/payments/antom-signature.ts";
import { privateKeyOf, publicKeyOf } from "../secrets/key-text.ts";
import { rsaKeyPair } from "./rsa-key-pair.ts";

export interface AntomCall {
  path: string;
  body: Record<string, unknown>;
  /** Whether our request carried a valid signature of the merchant's key. */
  signed: boolean;
}

export interface AntomPayment {
  paymentStatus: "SUCCESS" | "FAIL" | "PROCESSING" | "CANCELLED";
  paymentId: string;
  paymentAmount: { currency: string; value: string };
}

/**
 * A stand-in for Antom's gateway on 127.0.0.1: checks the signature of every call, answers pay,
 * inquiryPayment, cancel and refund with answers signed by "Antom's" key from the payments a test
 * sets, records every call, and signs notifications as Antom would. Nothing of it runs outside tests.
 */
export class AntomStandIn {
  readonly merchant = rsaKeyPair();
  readonly antom = rsaKeyPair();
  readonly clientId = "TEST_5X00000000000000";
  /** paymentRequestId (our order number) → the payment Antom would report (absent: ORDER_NOT_EXIST). */
  readonly payments = new Map<string, AntomPayment>();
  readonly calls: AntomCall[] = [];
  /** Sign answers with this key instead of Antom's (a forged gateway). */
  forgeAnswers = false;
  #server: Server | undefined;
  #url = "";

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      let raw = "";
      request.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      request.on("end", () => {
        const path = request.url ?? "/";
        const time = String(request.headers["request-time"] ?? "");
        const signed = verifySignatureHeader(
          String(request.headers.signature ?? ""),
          contentToSign("POST", path, String(request.headers["client-id"] ?? ""), time, raw),
          publicKeyOf(this.merchant.publicKey),
        );
        const body = JSON.parse(raw || "{}") as Record<string, unknown>;
        this.calls.push({ path, body, signed });
        const answer = JSON.stringify(
          signed ? this.#answer(path, body) : { result: { resultCode: "INVALID_SIGNATURE", resultStatus: "F" } },
        );
        const answeredAt = new Date().toISOString();
        const key = privateKeyOf(this.forgeAnswers ? this.merchant.privateKey : this.antom.privateKey);
        // Antom answers the client that called, signing for it.
        const client = String(request.headers["client-id"] ?? "");
        response.setHeader("content-type", "application/json; charset=UTF-8");
        response.setHeader("client-id", client);
        response.setHeader("response-time", answeredAt);
        response.setHeader("signature", signatureHeader(contentToSign("POST", path, client, answeredAt, answer), key));
        response.end(answer);
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  settings(over: Partial<AntomSettings> = {}): AntomSettings {
    return {
      clientId: this.clientId,
      privateKey: this.merchant.privateKey,
      antomPublicKey: this.antom.publicKey,
      gateway: this.#url,
      paymentMethodType: "ALIPAY_HK",
      ...over,
    };
  }

  #answer(path: string, body: Record<string, unknown>): Record<string, unknown> {
    const requestId = String(body.paymentRequestId ?? "");
    const payment = this.payments.get(requestId);
    const notExist = { result: { resultCode: "ORDER_NOT_EXIST", resultStatus: "F", resultMessage: "order not exist" } };
    if (path.endsWith("/payments/pay"))
      return {
        result: { resultCode: "PAYMENT_IN_PROCESS", resultStatus: "U", resultMessage: "payment in process" },
        paymentRequestId: requestId,
        paymentId: `2026112419400${requestId.slice(-8)}`,
        paymentAmount: body.paymentAmount,
        normalUrl: `https://cashier.antom.example/pay?paymentRequestId=${requestId}`,
      };
    if (path.endsWith("/payments/inquiryPayment"))
      return payment
        ? {
            result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
            ...payment,
            paymentRequestId: requestId,
          }
        : notExist;
    if (path.endsWith("/payments/cancel")) {
      if (!payment) return notExist;
      payment.paymentStatus = "CANCELLED";
      return {
        result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
        paymentId: payment.paymentId,
      };
    }
    if (path.endsWith("/payments/refund"))
      return {
        result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
        refundRequestId: body.refundRequestId,
        refundId: `R${String(body.paymentId ?? "")}`,
        refundAmount: body.refundAmount,
      };
    return { result: { resultCode: "UNKNOWN_PATH", resultStatus: "F" } };
  }

  /**
   * A notification as Antom would post it to `path` for the order (override any field, or the
   * signer): the headers and the exact body.
   */
  notification(
    path: string,
    order: { orderNo: string; amount: number; currency: string },
    over: Record<string, unknown> = {},
    options: { signWith?: string } = {},
  ): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify({
      notifyType: "PAYMENT_RESULT",
      result: { resultCode: "SUCCESS", resultStatus: "S", resultMessage: "success" },
      paymentRequestId: order.orderNo,
      paymentId: `2026112419400${order.orderNo.slice(-8)}`,
      paymentAmount: { currency: order.currency, value: String(order.amount) },
      paymentCreateTime: "2026-11-24T19:40:00+08:00",
      paymentTime: "2026-11-24T19:41:00+08:00",
      ...over,
    });
    const time = new Date().toISOString();
    const key = privateKeyOf(options.signWith ?? this.antom.privateKey);
    return {
      headers: {
        "content-type": "application/json; charset=UTF-8",
        "client-id": this.clientId,
        "request-time": time,
        signature: signatureHeader(contentToSign("POST", path, this.clientId, time, body), key),
      },
      body,
    };
  }
}
