import type {
  InboundMailReason,
  QuarantinedMailDetail,
  QuarantinedMailView,
  QuarantineQuery,
} from "@rampart/contracts";
import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizInboundMail, bizTicket } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";

/**
 * Business → Support desk → Quarantine: the mails the desk kept aside (from a stranger, not from
 * the ticket's customer, an automatic answer, a sender not proven) for an operator to read and set
 * aside. An operator bound to a site sees those addressed to that site only; one bound to none
 * sees them all, those of no known site included.
 */

const LISTED = {
  inboundId: bizInboundMail.inboundId,
  via: bizInboundMail.via,
  mailFrom: bizInboundMail.mailFrom,
  rcptTo: bizInboundMail.rcptTo,
  subject: bizInboundMail.subject,
  reason: bizInboundMail.reason,
  siteId: bizInboundMail.siteId,
  ticketNo: bizTicket.ticketNo,
  size: bizInboundMail.size,
  receivedAt: bizInboundMail.receivedAt,
};
interface ListedRow {
  inboundId: number;
  via: string;
  mailFrom: string;
  rcptTo: string;
  subject: string;
  reason: string;
  siteId: number | null;
  ticketNo: string | null;
  size: number;
  receivedAt: Date;
}

const view = (row: ListedRow): QuarantinedMailView => ({
  inboundId: row.inboundId,
  via: row.via === "webhook" ? "webhook" : "smtp",
  mailFrom: row.mailFrom,
  rcptTo: row.rcptTo,
  subject: row.subject,
  // Written by receiveMail from its reasons only.
  reason: row.reason as InboundMailReason,
  siteId: row.siteId,
  ticketNo: row.ticketNo,
  size: row.size,
  receivedAt: row.receivedAt.toISOString(),
});

/** Quarantined, not yet set aside, and within the operator's site (null: every site's, and none). */
const waiting = (siteScope: number | null, ...more: SQL[]) =>
  and(
    eq(bizInboundMail.outcome, "quarantined"),
    isNull(bizInboundMail.dismissedAt),
    siteScope === null ? undefined : eq(bizInboundMail.siteId, siteScope),
    ...more,
  );

/** A page of the quarantined mails waiting for an operator, newest first. */
export async function quarantinedMails(
  db: Db,
  siteScope: number | null,
  query: QuarantineQuery,
): Promise<{ rows: QuarantinedMailView[]; total: number }> {
  const where = waiting(siteScope);
  const [rows, [counted]] = await Promise.all([
    db
      .select(LISTED)
      .from(bizInboundMail)
      .leftJoin(bizTicket, eq(bizTicket.ticketId, bizInboundMail.ticketId))
      .where(where)
      .orderBy(desc(bizInboundMail.receivedAt), desc(bizInboundMail.inboundId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizInboundMail).where(where),
  ]);
  return { rows: rows.map(view), total: counted?.total ?? 0 };
}

/** One quarantined mail with its kept text; 404 when it is not one the operator may see, or was set aside. */
export async function quarantinedMail(
  db: Db,
  siteScope: number | null,
  inboundId: number,
): Promise<QuarantinedMailDetail> {
  const [row] = await db
    .select({ ...LISTED, text: bizInboundMail.text })
    .from(bizInboundMail)
    .leftJoin(bizTicket, eq(bizTicket.ticketId, bizInboundMail.ticketId))
    .where(waiting(siteScope, eq(bizInboundMail.inboundId, inboundId)));
  if (!row) throw new NotFoundError("inbound_mail_not_found");
  return { ...view(row), text: row.text };
}

/**
 * Sets a quarantined mail aside: it leaves the list, and its text (what a stranger wrote, kept only
 * for the operator who looks at it) is dropped; the log keeps who set it aside and when.
 */
export async function dismissQuarantinedMail(
  db: Db,
  siteScope: number | null,
  inboundId: number,
  by: string,
  now: Date,
): Promise<void> {
  const dismissed = await db
    .update(bizInboundMail)
    .set({ dismissedAt: now, dismissedBy: by.slice(0, 64), text: "" })
    .where(waiting(siteScope, eq(bizInboundMail.inboundId, inboundId)))
    .returning({ inboundId: bizInboundMail.inboundId });
  if (dismissed.length === 0) throw new NotFoundError("inbound_mail_not_found");
}
