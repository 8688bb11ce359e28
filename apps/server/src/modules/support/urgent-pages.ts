import { URGENT_PAGE_REPEAT_MINUTES } from "@rampart/contracts";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizTicket } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { recordTicketEvent } from "./tickets.ts";

/** Pages sent in one sweep at most (the next sweep, a minute later, takes the rest). */
const PAGES_PER_SWEEP = 100;

/**
 * The minute's sweep of urgent tickets no one has acknowledged: each whose next page is due is
 * paged again (mail to the site's on-call addresses and a `ticket.urgent` event, by the event's
 * listeners), and its next page set 10 minutes on. Rows are taken with SKIP LOCKED: processes
 * sweeping together page each ticket once. Answers how many were paged.
 */
export async function pageUnacknowledged(deps: { db: Db; now: () => Date; emitEvent: EmitEvent }): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ ticketId: bizTicket.ticketId, pagesSent: bizTicket.pagesSent })
      .from(bizTicket)
      .where(and(isNotNull(bizTicket.nextPageAt), lte(bizTicket.nextPageAt, now), sql`${bizTicket.status} <> 'closed'`))
      .orderBy(bizTicket.nextPageAt)
      .limit(PAGES_PER_SWEEP)
      .for("update", { skipLocked: true });
    for (const ticket of due) {
      const page = ticket.pagesSent + 1;
      await tx
        .update(bizTicket)
        .set({ pagesSent: page, nextPageAt: new Date(now.getTime() + URGENT_PAGE_REPEAT_MINUTES * 60_000) })
        .where(eq(bizTicket.ticketId, ticket.ticketId));
      await recordTicketEvent(tx, ticket.ticketId, "paged", "", now, { page });
      await deps.emitEvent(tx, { type: "ticket.urgent", ticketId: ticket.ticketId, page });
    }
    return due.length;
  });
}
