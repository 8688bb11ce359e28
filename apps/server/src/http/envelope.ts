import type { Envelope, PageEnvelope } from "@rampart/contracts";
import type { FastifyRequest } from "fastify";
import type { CountedTotal } from "../db/capped-count.ts";
import { translate } from "./messages.ts";

/** A successful `{code: 200, msg, data}` answer in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> & { data: T } {
  return { code: 200, msg: translate(request.language, "ok"), data };
}

/**
 * One page of a list: `{code: 200, msg, rows, total}` (RuoYi's TableDataInfo); a total counted up
 * to a limit (db/capped-count.ts) adds `totalCapped: true` when there are more rows than it says.
 */
export function page<T>(request: FastifyRequest, rows: T[], total: number | CountedTotal): PageEnvelope<T> {
  const msg = translate(request.language, "ok");
  if (typeof total === "number") return { code: 200, msg, rows, total };
  return total.totalCapped ? { code: 200, msg, rows, ...total } : { code: 200, msg, rows, total: total.total };
}

/**
 * A refusal that carries details (`data`: which fields, which rules) for the page to show; the
 * request's id as every error answer has it.
 */
export function refusal<T>(request: FastifyRequest, status: number, msg: string, data: T) {
  return { code: status, msg, data, requestId: request.id };
}
