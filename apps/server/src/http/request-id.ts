import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { compile } from "@fastify/proxy-addr";

/** What an incoming X-Request-Id may look like to be kept (a balancer's id: UUIDs, hex, tokens). */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Each request's id: the balancer's `X-Request-Id` when the connection comes from a trusted proxy
 * (so one id follows a request from nginx's log to ours), else a new UUID. It is in every log line
 * of the request (`requestId`), in the `X-Request-Id` answer header and in every error answer, so
 * that a customer's report leads to the log.
 */
export function requestIdGenerator(trustedProxies: string[]): (request: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? compile(trustedProxies) : () => false;
  return (request) => {
    const given = request.headers["x-request-id"];
    const from = request.socket.remoteAddress ?? "";
    if (typeof given === "string" && ACCEPTED_ID.test(given) && trusted(from, 0)) return given;
    return randomUUID();
  };
}
