import { createSign } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AlipaySettings } from "../config.ts";
import { rsaKeyPair } from "./rsa-key-pair.ts";

/** Alipay's canonical string: every field but sign and sign_type, sorted, as k=v joined by &. */
function canonical(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== "sign" && key !== "sign_type")
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("&");
}

export interface TradeCall {
  method: string;
  bizContent: Record<string, string>;
}

/**
 * A stand-in for Alipay's gateway on 127.0.0.1: answers alipay.trade.query / close / refund with
 * signed answers from the trades a test sets, records every call, and signs notifications as
 * Alipay would. Nothing of it runs outside tests.
 */
export class AlipayStandIn {
  readonly merchant = rsaKeyPair();
  readonly alipay = rsaKeyPair();
  readonly appId = "2021000000000001";
  readonly sellerId = "2088000000000001";
  /** out_trade_no → the trade Alipay would report (absent: "trade does not exist"). */
  readonly trades = new Map<string, { trade_status: string; total_amount: string; trade_no: string }>();
  readonly calls: TradeCall[] = [];
  #server: Server | undefined;
  #url = "";

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        const method = new URL(request.url ?? "/", "http://stand-in").searchParams.get("method") ?? "";
        const bizContent = JSON.parse(new URLSearchParams(body).get("biz_content") ?? "{}") as Record<string, string>;
        this.calls.push({ method, bizContent });
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.end(this.#answer(method, bizContent));
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/gateway.do`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  settings(): AlipaySettings {
    return {
      appId: this.appId,
      privateKey: this.merchant.privateKey,
      alipayPublicKey: this.alipay.publicKey,
      sellerId: this.sellerId,
      keyType: "PKCS8",
      gateway: this.#url,
      notifyUrl: "https://shop.example/prod-api/order/pay/notify/alipay",
    };
  }

  #sign(text: string, key = this.alipay.privateKey): string {
    return createSign("RSA-SHA256").update(text, "utf8").sign(key, "base64");
  }

  #answer(method: string, biz: Record<string, string>): string {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    const missing = { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "not exist" };
    let inner: Record<string, string>;
    if (!trade) inner = missing;
    else if (method === "alipay.trade.query")
      inner = { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no ?? "", ...trade };
    else if (method === "alipay.trade.close") {
      trade.trade_status = "TRADE_CLOSED";
      inner = { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no ?? "", trade_no: trade.trade_no };
    } else if (method === "alipay.trade.refund") {
      inner = { code: "10000", msg: "Success", refund_fee: biz.refund_amount ?? "", fund_change: "Y" };
    } else inner = { code: "40004", msg: "Business Failed", sub_code: "ACQ.UNKNOWN" };
    const json = JSON.stringify(inner);
    return `{"${method.replaceAll(".", "_")}_response":${json},"sign":"${this.#sign(json)}"}`;
  }

  /** A notification as Alipay would post it for the order (override any field, or the signer). */
  notification(
    order: { orderNo: string; amount: string },
    over: Record<string, string> = {},
    options: { signWith?: string; signType?: string } = {},
  ): Record<string, string> {
    const fields: Record<string, string> = {
      notify_time: "2026-11-22 10:00:00",
      notify_type: "trade_status_sync",
      notify_id: `notify-${order.orderNo}`,
      app_id: this.appId,
      charset: "utf-8",
      version: "1.0",
      trade_no: `2026112222001400${order.orderNo.slice(-10)}`,
      out_trade_no: order.orderNo,
      trade_status: "TRADE_SUCCESS",
      total_amount: order.amount,
      seller_id: this.sellerId,
      subject: "DDOS",
      ...over,
    };
    return { ...fields, sign_type: options.signType ?? "RSA2", sign: this.#sign(canonical(fields), options.signWith) };
  }
}
