import type { FastifyReply, FastifyRequest } from "fastify";
import { principalOf } from "../../http/access.ts";
import { refusal } from "../../http/envelope.ts";
import { translate } from "../../http/messages.ts";

/**
 * With the setting on, a customer orders (or tops up) with a confirmed address, where the receipts
 * go: otherwise the answer is 403 naming the problem (for the page to offer the confirmation), sent
 * here. Answers the sent reply, or null when the caller may go on.
 */
export function refuseBlockedOrdering(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const principal = principalOf(request);
  const problem = principal.orderingBlocked;
  if (!problem) return null;
  const msg = translate(request.language, problem, { value: principal.user.email });
  return reply.code(403).send(refusal(request, 403, msg, { problem }));
}
