import type { Envelope } from "@rampart/contracts";
import type { FastifyRequest } from "fastify";
import { translate } from "./messages.ts";

/** A successful `{code: 200, msg, data}` answer in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> & { data: T } {
  return { code: 200, msg: translate(request.language, "ok"), data };
}
