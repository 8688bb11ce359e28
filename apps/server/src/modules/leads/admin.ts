import { LEAD_MOVES, type LeadListQuery, type LeadStatus, type LeadView } from "@rampart/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { bizLead, bizLeadEvent } from "../../db/schema.ts";

/** The leads an operator may see (their site's when bound to one), newest first, with their history. */
export async function listLeads(db: Db, query: LeadListQuery, siteScope: number | null) {
  const keyword = query.keyword?.trim();
  const where = and(
    ...([
      siteScope === null ? undefined : eq(bizLead.siteId, siteScope),
      query.status ? eq(bizLead.status, query.status) : undefined,
      query.product ? eq(bizLead.product, query.product) : undefined,
      query.agentCode ? eq(bizLead.agentCode, query.agentCode) : undefined,
      keyword
        ? or(
            ilike(bizLead.name, likeAnywhere(keyword)),
            ilike(bizLead.email, likeAnywhere(keyword)),
            ilike(bizLead.phone, likeAnywhere(keyword)),
            ilike(bizLead.content, likeAnywhere(keyword)),
          )
        : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bizLead)
      .where(where)
      .orderBy(desc(bizLead.createdAt), desc(bizLead.leadId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizLead).where(where),
  ]);
  const events =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(bizLeadEvent)
          .where(
            inArray(
              bizLeadEvent.leadId,
              rows.map((r) => r.leadId),
            ),
          )
          .orderBy(asc(bizLeadEvent.at), asc(bizLeadEvent.eventId));
  const views: LeadView[] = rows.map((row) => ({
    leadId: row.leadId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    content: row.content,
    product: row.product,
    agentCode: row.agentCode,
    language: row.language,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    events: events
      .filter((e) => e.leadId === row.leadId)
      .map((e) => ({
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        note: e.note,
        byUser: e.byUser,
        at: e.at.toISOString(),
      })),
  }));
  return { rows: views, total: totals[0]?.total ?? 0 };
}

/**
 * Moves a lead along (new → contacted → approved | rejected) and records who did it, when and why,
 * in one transaction; a move the lead's state does not allow changes nothing.
 */
export async function moveLead(
  db: Db,
  move: { leadId: number; to: LeadStatus; note: string; by: string; now: Date; siteScope: number | null },
): Promise<{ moved: LeadStatus } | "missing" | "conflict"> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ status: bizLead.status, siteId: bizLead.siteId })
      .from(bizLead)
      .where(eq(bizLead.leadId, move.leadId))
      .for("update");
    if (!lead || (move.siteScope !== null && lead.siteId !== move.siteScope)) return "missing";
    const from = lead.status as LeadStatus;
    if (!LEAD_MOVES[from]?.includes(move.to)) return "conflict";
    await tx.update(bizLead).set({ status: move.to }).where(eq(bizLead.leadId, move.leadId));
    await tx.insert(bizLeadEvent).values({
      leadId: move.leadId,
      fromStatus: from,
      toStatus: move.to,
      note: move.note,
      byUser: move.by,
      at: move.now,
    });
    return { moved: from };
  });
}
