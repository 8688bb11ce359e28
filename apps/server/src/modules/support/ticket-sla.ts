import {
  DEFAULT_TICKET_SLA,
  SLA_NEAR_SHARE,
  type SlaState,
  TICKET_PRIORITIES,
  type TicketPriority,
  type TicketSlaBody,
} from "@rampart/contracts";
import type { Db, Tx } from "../../db/client.ts";
import { bizTicketSla } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";

export type SlaRules = Record<TicketPriority, { firstReplyMinutes: number; resolutionMinutes: number }>;

/** The service levels as the operators set them (the defaults for a priority with no row). */
export async function slaRules(db: Db | Tx): Promise<SlaRules> {
  const rows = await db.select().from(bizTicketSla);
  return Object.fromEntries(
    TICKET_PRIORITIES.map((priority) => {
      const row = rows.find((r) => r.priority === priority);
      const rule = row ?? DEFAULT_TICKET_SLA[priority];
      return [priority, { firstReplyMinutes: rule.firstReplyMinutes, resolutionMinutes: rule.resolutionMinutes }];
    }),
  ) as SlaRules;
}

/** When the first answer and the resolution are due for a ticket opened at `openedAt`. */
export function dueTimes(rules: SlaRules, priority: TicketPriority, openedAt: Date) {
  const rule = rules[priority];
  return {
    firstReplyDue: new Date(openedAt.getTime() + rule.firstReplyMinutes * 60_000),
    resolutionDue: new Date(openedAt.getTime() + rule.resolutionMinutes * 60_000),
  };
}

/**
 * Where a due time stands now: met when what it waits for happened in time (breached when late),
 * none when it no longer counts (closed before it was due without it: the resolution itself), near
 * once three quarters of its window have passed, breached once it has.
 */
export function slaState(window: { from: Date; due: Date; doneAt: Date | null; now: Date }): SlaState {
  const { from, due, doneAt, now } = window;
  if (doneAt) return doneAt.getTime() <= due.getTime() ? "met" : "breached";
  if (now.getTime() > due.getTime()) return "breached";
  const share = (now.getTime() - from.getTime()) / Math.max(1, due.getTime() - from.getTime());
  return share >= SLA_NEAR_SHARE ? "near" : "ok";
}

/** The operators' new service levels (all four priorities at once); open tickets keep their due times. */
export async function saveSlaRules(db: Db, body: TicketSlaBody): Promise<void> {
  const priorities = new Set(body.rules.map((rule) => rule.priority));
  if (priorities.size !== TICKET_PRIORITIES.length) throw new AppError(400, "ticket_sla_incomplete");
  if (body.rules.some((rule) => rule.resolutionMinutes < rule.firstReplyMinutes))
    throw new AppError(400, "ticket_sla_order");
  await db.transaction(async (tx) => {
    for (const rule of body.rules) {
      const values = { firstReplyMinutes: rule.firstReplyMinutes, resolutionMinutes: rule.resolutionMinutes };
      await tx
        .insert(bizTicketSla)
        .values({ priority: rule.priority, ...values })
        .onConflictDoUpdate({ target: bizTicketSla.priority, set: values });
    }
  });
}
