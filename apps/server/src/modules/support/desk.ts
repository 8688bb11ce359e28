import {
  DEFAULT_ROLE,
  type Language,
  type OperatorTicketView,
  type TicketPriority,
  type TicketQueueCounts,
  type TicketQueueQuery,
  type TicketQueueRow,
  type TicketReplyBody,
  type TicketSplitBody,
  type TicketStatus,
} from "@rampart/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import {
  bizOrder,
  bizService,
  bizTicket,
  bizTicketDepartment,
  bizTicketEvent,
  bizTicketMessage,
  sysRole,
  sysUser,
  sysUserRole,
} from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { supportSettings } from "./support-settings.ts";
import { attachFiles } from "./ticket-attachments.ts";
import { dueTimes, slaRules, slaState } from "./ticket-sla.ts";
import {
  cleanMessage,
  closeTicket,
  insertNumberedTicket,
  recordTicketEvent,
  type SupportDeps,
  summaryOf,
  threadOf,
} from "./tickets.ts";

/** The operator acting: who, and the site they are bound to (null: every site). */
export interface Operator {
  userId: number;
  userName: string;
  siteScope: number | null;
  language: Language;
}

type TicketRow = typeof bizTicket.$inferSelect;
/** Where an operator's attachments are served: through the desk's ticket. */
export const DESK_FILES_BASE = "/prod-api/business/tickets";
/** Closed tickets count in the queue's figures for this long. */
const CLOSED_COUNTED_DAYS = 30;

const inScope = (siteScope: number | null) => (siteScope === null ? undefined : eq(bizTicket.siteId, siteScope));

/** The ticket of that number if the operator may see it, locked for a change; 404 otherwise. */
async function deskTicketForUpdate(tx: Tx, operator: Operator, ticketNo: string): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(bizTicket)
    .where(and(eq(bizTicket.ticketNo, ticketNo), inScope(operator.siteScope)))
    .for("update");
  if (!row) throw new NotFoundError("ticket_not_found");
  return row;
}

const assignee = alias(sysUser, "assignee");

/** A queue row: the ticket, its customer and assignee, its due times and where they stand now. */
function queueRow(
  row: {
    ticket: TicketRow;
    department: typeof bizTicketDepartment.$inferSelect | null;
    customer: typeof sysUser.$inferSelect;
    assignee: typeof sysUser.$inferSelect | null;
  },
  language: Language,
  now: Date,
): TicketQueueRow {
  const { ticket } = row;
  const closed = ticket.status === "closed";
  return {
    ...summaryOf(ticket, row.department ?? undefined, language),
    customer: {
      userId: row.customer.userId,
      userName: row.customer.userName,
      nickName: row.customer.nickName,
      email: row.customer.email,
    },
    siteId: ticket.siteId,
    assignee: row.assignee ? { userId: row.assignee.userId, userName: row.assignee.userName } : null,
    firstReplyDue: ticket.firstReplyDue.toISOString(),
    resolutionDue: ticket.resolutionDue.toISOString(),
    firstReplySla:
      closed && ticket.firstRepliedAt === null
        ? "none"
        : slaState({ from: ticket.createdAt, due: ticket.firstReplyDue, doneAt: ticket.firstRepliedAt, now }),
    resolutionSla: slaState({ from: ticket.createdAt, due: ticket.resolutionDue, doneAt: ticket.closedAt, now }),
    paging: ticket.nextPageAt !== null,
  };
}

/** The queue's conditions for a search. */
function queueWhere(query: TicketQueueQuery, operator: Operator): SQL | undefined {
  const keyword = query.keyword?.trim();
  return and(
    inScope(operator.siteScope),
    query.status === "active"
      ? ne(bizTicket.status, "closed")
      : query.status
        ? eq(bizTicket.status, query.status)
        : undefined,
    query.departmentId ? eq(bizTicket.departmentId, query.departmentId) : undefined,
    query.priority ? eq(bizTicket.priority, query.priority) : undefined,
    query.assignee === "me"
      ? eq(bizTicket.assigneeId, operator.userId)
      : query.assignee === "none"
        ? isNull(bizTicket.assigneeId)
        : query.assignee
          ? eq(bizTicket.assigneeId, Number(query.assignee))
          : undefined,
    keyword
      ? or(
          eq(bizTicket.ticketNo, keyword.replace(/^#/, "")),
          ilike(bizTicket.subject, likeAnywhere(keyword)),
          ilike(sysUser.userName, likeAnywhere(keyword)),
          ilike(sysUser.email, likeAnywhere(keyword)),
        )
      : undefined,
  );
}

/**
 * Business → Support desk: the tickets the operator may see, searched; open ones with the most
 * pressing first (paging, then urgent, then the earliest due), the rest by latest activity.
 */
export async function ticketQueue(db: Db, operator: Operator, query: TicketQueueQuery, now: Date) {
  const where = queueWhere(query, operator);
  const pressing = query.status !== "closed";
  const [rows, totals] = await Promise.all([
    db
      .select({ ticket: bizTicket, department: bizTicketDepartment, customer: sysUser, assignee })
      .from(bizTicket)
      .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
      .leftJoin(bizTicketDepartment, eq(bizTicketDepartment.departmentId, bizTicket.departmentId))
      .leftJoin(assignee, eq(assignee.userId, bizTicket.assigneeId))
      .where(where)
      .orderBy(
        ...(pressing
          ? [
              sql`(${bizTicket.status} = 'closed')`,
              sql`(${bizTicket.nextPageAt} is null)`,
              sql`(${bizTicket.priority} <> 'urgent')`,
              sql`case when ${bizTicket.firstRepliedAt} is null then ${bizTicket.firstReplyDue} else ${bizTicket.resolutionDue} end`,
            ]
          : []),
        desc(bizTicket.updatedAt),
        desc(bizTicket.ticketId),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizTicket).innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId)).where(where),
  ]);
  return { rows: rows.map((row) => queueRow(row, operator.language, now)), total: totals[0]?.total ?? 0 };
}

/** The queue's figures: per status (closed: the last 30 days), mine, unassigned, breached, paging. */
export async function queueCounts(db: Db, operator: Operator, now: Date): Promise<TicketQueueCounts> {
  const scope = inScope(operator.siteScope);
  const since = new Date(now.getTime() - CLOSED_COUNTED_DAYS * 86_400_000);
  const active = and(scope, ne(bizTicket.status, "closed"));
  const [byStatus, [mine], [unassigned], [breached], [paging]] = await Promise.all([
    db
      .select({ status: bizTicket.status, total: count() })
      .from(bizTicket)
      .where(and(scope, or(ne(bizTicket.status, "closed"), gte(bizTicket.closedAt, since))))
      .groupBy(bizTicket.status),
    db
      .select({ total: count() })
      .from(bizTicket)
      .where(and(active, eq(bizTicket.assigneeId, operator.userId))),
    db
      .select({ total: count() })
      .from(bizTicket)
      .where(and(active, isNull(bizTicket.assigneeId))),
    db
      .select({ total: count() })
      .from(bizTicket)
      .where(
        and(
          active,
          or(and(isNull(bizTicket.firstRepliedAt), lt(bizTicket.firstReplyDue, now)), lt(bizTicket.resolutionDue, now)),
        ),
      ),
    db
      .select({ total: count() })
      .from(bizTicket)
      .where(and(scope, isNotNull(bizTicket.nextPageAt))),
  ]);
  const status = (name: TicketStatus) => byStatus.find((row) => row.status === name)?.total ?? 0;
  return {
    byStatus: {
      open: status("open"),
      answered: status("answered"),
      on_hold: status("on_hold"),
      closed: status("closed"),
    },
    mine: mine?.total ?? 0,
    unassigned: unassigned?.total ?? 0,
    breached: breached?.total ?? 0,
    paging: paging?.total ?? 0,
  };
}

/** A ticket as the desk shows it: the whole thread with notes, its history, and the customer beside it. */
export async function deskThread(db: Db, operator: Operator, ticketNo: string, now: Date): Promise<OperatorTicketView> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ticket: bizTicket, department: bizTicketDepartment, customer: sysUser, assignee })
      .from(bizTicket)
      .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
      .leftJoin(bizTicketDepartment, eq(bizTicketDepartment.departmentId, bizTicket.departmentId))
      .leftJoin(assignee, eq(assignee.userId, bizTicket.assigneeId))
      .where(and(eq(bizTicket.ticketNo, ticketNo), inScope(operator.siteScope)));
    if (!found) throw new NotFoundError("ticket_not_found");
    const { ticket } = found;
    const [thread, history, services, orders, otherTickets] = await Promise.all([
      threadOf(tx, ticket, { staff: true, language: operator.language, filesBase: DESK_FILES_BASE }),
      tx
        .select()
        .from(bizTicketEvent)
        .where(eq(bizTicketEvent.ticketId, ticket.ticketId))
        .orderBy(asc(bizTicketEvent.eventId)),
      tx
        .select()
        .from(bizService)
        .where(eq(bizService.userId, ticket.userId))
        .orderBy(desc(bizService.serviceId))
        .limit(10),
      tx.select().from(bizOrder).where(eq(bizOrder.userId, ticket.userId)).orderBy(desc(bizOrder.createdAt)).limit(5),
      tx
        .select()
        .from(bizTicket)
        .where(and(eq(bizTicket.userId, ticket.userId), ne(bizTicket.ticketId, ticket.ticketId)))
        .orderBy(desc(bizTicket.updatedAt))
        .limit(5),
    ]);
    return {
      ...thread,
      row: queueRow(found, operator.language, now),
      history: history.map((event) => ({
        eventId: event.eventId,
        kind: event.kind,
        detail: event.detail,
        by: event.byUser,
        at: event.at.toISOString(),
      })),
      services: services.map((service) => ({
        orderNo: service.orderNo,
        product: service.product,
        status: service.state,
        expiresAt: service.expiresAt.toISOString(),
      })),
      orders: orders.map((order) => ({
        orderNo: order.orderNo,
        product: order.product,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
        createdAt: order.createdAt.toISOString(),
      })),
      otherTickets: otherTickets.map((other) => ({
        ticketNo: other.ticketNo,
        subject: other.subject,
        status: other.status as TicketStatus,
        updatedAt: other.updatedAt.toISOString(),
      })),
    };
  });
}

/** Who wrote a thread's last public message, and when the provider first answered in it. */
async function threadState(tx: Tx, ticketId: number) {
  const messages = await tx
    .select({ fromStaff: bizTicketMessage.fromStaff, createdAt: bizTicketMessage.createdAt })
    .from(bizTicketMessage)
    .where(and(eq(bizTicketMessage.ticketId, ticketId), eq(bizTicketMessage.internal, false)))
    .orderBy(asc(bizTicketMessage.createdAt), asc(bizTicketMessage.messageId));
  const last = messages.at(-1);
  return {
    lastFrom: last?.fromStaff ? ("staff" as const) : ("customer" as const),
    firstStaffAt: messages.find((message) => message.fromStaff)?.createdAt ?? null,
  };
}

/** Stops an urgent ticket's pages: someone has it. */
async function acknowledgePage(tx: Tx, row: TicketRow, operator: Operator, now: Date): Promise<boolean> {
  if (row.nextPageAt === null) return false;
  await tx
    .update(bizTicket)
    .set({ nextPageAt: null, acknowledgedAt: now, acknowledgedBy: operator.userName })
    .where(eq(bizTicket.ticketId, row.ticketId));
  await recordTicketEvent(tx, row.ticketId, "acknowledged", operator.userName, now, { pages: row.pagesSent });
  return true;
}

/**
 * An operator's answer (the customer is mailed it; the ticket waits for them: answered, or the
 * status asked for) or internal note (never shown to the customer, nothing announced). An answer
 * stops an urgent ticket's pages, and the first one meets (or misses) the first-reply time.
 */
export async function replyAsOperator(
  deps: SupportDeps,
  operator: Operator,
  ticketNo: string,
  body: TicketReplyBody,
): Promise<void> {
  const message = await cleanMessage(body.message);
  await deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    if (row.mergedInto !== null) throw new AppError(409, "ticket_merged_desk");
    const now = deps.now();
    const internal = body.internal === true;
    const [inserted] = await tx
      .insert(bizTicketMessage)
      .values({
        ticketId: row.ticketId,
        authorId: operator.userId,
        authorName: operator.userName,
        fromStaff: true,
        internal,
        body: message,
        createdAt: now,
      })
      .returning({ messageId: bizTicketMessage.messageId });
    await attachFiles(tx, inserted!.messageId, operator.userId, body.attachments ?? [], await supportSettings(tx));
    if (internal) {
      await tx.update(bizTicket).set({ updatedAt: now }).where(eq(bizTicket.ticketId, row.ticketId));
      await recordTicketEvent(tx, row.ticketId, "note", operator.userName, now);
      return;
    }
    const status = body.status ?? "answered";
    await tx
      .update(bizTicket)
      .set({
        status: status === "closed" ? row.status : status,
        lastFrom: "staff",
        updatedAt: now,
        firstRepliedAt: row.firstRepliedAt ?? now,
        ...(row.status === "closed" && status !== "closed" ? { closedAt: null } : {}),
      })
      .where(eq(bizTicket.ticketId, row.ticketId));
    await recordTicketEvent(tx, row.ticketId, "replied", operator.userName, now, { from: "staff" });
    await acknowledgePage(tx, row, operator, now);
    await deps.emitEvent(tx, { type: "ticket.replied", ticketId: row.ticketId, messageId: inserted!.messageId });
    if (status === "closed") {
      const [current] = await tx.select().from(bizTicket).where(eq(bizTicket.ticketId, row.ticketId));
      await closeTicket(tx, deps, current!, { name: operator.userName, staff: true });
    }
  });
}

/** The operator acknowledges an urgent ticket's page (409 when nothing is paging). */
export async function acknowledgeTicket(deps: SupportDeps, operator: Operator, ticketNo: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    if (!(await acknowledgePage(tx, row, operator, deps.now()))) throw new AppError(409, "ticket_not_paging");
  });
}

/** Sets the status (closing it announces it; reopening it makes it wait for the provider). */
export async function setTicketStatus(deps: SupportDeps, operator: Operator, ticketNo: string, status: TicketStatus) {
  await deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    if (row.mergedInto !== null) throw new AppError(409, "ticket_merged_desk");
    if (row.status === status) return;
    if (status === "closed") {
      await closeTicket(tx, deps, row, { name: operator.userName, staff: true });
      return;
    }
    const now = deps.now();
    await tx
      .update(bizTicket)
      .set({ status, updatedAt: now, ...(row.status === "closed" ? { closedAt: null } : {}) })
      .where(eq(bizTicket.ticketId, row.ticketId));
    await recordTicketEvent(tx, row.ticketId, "status", operator.userName, now, { from: row.status, to: status });
  });
}

/** A new priority: its due times are those of the new priority, counted from when the ticket was opened. */
export async function setTicketPriority(
  deps: SupportDeps,
  operator: Operator,
  ticketNo: string,
  priority: TicketPriority,
) {
  await deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    if (row.priority === priority) return;
    const now = deps.now();
    await tx
      .update(bizTicket)
      .set({ priority, ...dueTimes(await slaRules(tx), priority, row.createdAt), updatedAt: now })
      .where(eq(bizTicket.ticketId, row.ticketId));
    await recordTicketEvent(tx, row.ticketId, "priority", operator.userName, now, { from: row.priority, to: priority });
  });
}

/** Operators a ticket may be given to: enabled users holding a role other than the customers', of its site or of none. */
export async function assignableOperators(db: Db | Tx, siteId: number | null) {
  return db
    .selectDistinct({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(
      and(
        ne(sysRole.roleKey, DEFAULT_ROLE),
        eq(sysRole.status, "0"),
        eq(sysUser.status, "0"),
        siteId === null ? isNull(sysUser.siteId) : or(isNull(sysUser.siteId), eq(sysUser.siteId, siteId)),
      ),
    )
    .orderBy(asc(sysUser.userName));
}

/** Gives the ticket to an operator who may work on it (or to no one). */
export async function assignTicket(deps: SupportDeps, operator: Operator, ticketNo: string, assigneeId: number | null) {
  await deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    if (row.assigneeId === assigneeId) return;
    let to = "";
    if (assigneeId !== null) {
      const candidate = (await assignableOperators(tx, row.siteId)).find((user) => user.userId === assigneeId);
      if (!candidate) throw new AppError(400, "ticket_assignee_invalid");
      to = candidate.userName;
    }
    const now = deps.now();
    await tx.update(bizTicket).set({ assigneeId, updatedAt: now }).where(eq(bizTicket.ticketId, row.ticketId));
    await recordTicketEvent(tx, row.ticketId, "assigned", operator.userName, now, { to });
  });
}

/**
 * Merges a ticket into another of the same customer: its messages move there (in their order by
 * time), it is closed and points at the other; both histories say so.
 */
export async function mergeTicket(deps: SupportDeps, operator: Operator, ticketNo: string, intoTicketNo: string) {
  await deps.db.transaction(async (tx) => {
    if (ticketNo === intoTicketNo) throw new AppError(400, "ticket_merge_self");
    // Locked in number order: two merges of the same pair cannot wait on each other.
    const [first, second] = [ticketNo, intoTicketNo].sort();
    const locked = new Map<string, TicketRow>();
    for (const no of [first!, second!]) locked.set(no, await deskTicketForUpdate(tx, operator, no));
    const source = locked.get(ticketNo)!;
    const target = locked.get(intoTicketNo)!;
    if (source.userId !== target.userId) throw new AppError(409, "ticket_merge_other_customer");
    if (source.mergedInto !== null || target.mergedInto !== null) throw new AppError(409, "ticket_merged_desk");
    const now = deps.now();
    await tx
      .update(bizTicketMessage)
      .set({ ticketId: target.ticketId })
      .where(eq(bizTicketMessage.ticketId, source.ticketId));
    await tx
      .update(bizTicket)
      .set({ status: "closed", closedAt: now, updatedAt: now, mergedInto: target.ticketId, nextPageAt: null })
      .where(eq(bizTicket.ticketId, source.ticketId));
    // The target's state is its whole thread's now: waiting for whoever did not write last (on hold
    // stays on hold); the earliest first answer of either; a page the source was still sending
    // goes on from the target.
    const thread = await threadState(tx, target.ticketId);
    const firstReplies = [source.firstRepliedAt, target.firstRepliedAt].filter((at): at is Date => at !== null);
    const paging = target.nextPageAt ?? source.nextPageAt;
    await tx
      .update(bizTicket)
      .set({
        updatedAt: now,
        urgent: target.urgent || source.urgent,
        lastFrom: thread.lastFrom,
        firstRepliedAt: firstReplies.length ? new Date(Math.min(...firstReplies.map((at) => at.getTime()))) : null,
        ...(target.status === "on_hold"
          ? {}
          : { status: thread.lastFrom === "staff" ? "answered" : "open", closedAt: null }),
        ...(paging && target.acknowledgedAt === null
          ? { nextPageAt: paging, pagesSent: Math.max(target.pagesSent, source.pagesSent) }
          : {}),
      })
      .where(eq(bizTicket.ticketId, target.ticketId));
    // The source is closed: the platform hears it (its customer is not mailed: the thread goes on).
    await deps.emitEvent(tx, { type: "ticket.closed", ticketId: source.ticketId, by: "staff" });
    await recordTicketEvent(tx, source.ticketId, "merged", operator.userName, now, { into: target.ticketNo });
    await recordTicketEvent(tx, target.ticketId, "merged_in", operator.userName, now, { from: source.ticketNo });
  });
}

/**
 * Splits messages off into a new ticket of the same customer, department and priority (its due
 * times counted from now); answers the new ticket's number.
 */
export async function splitTicket(
  deps: SupportDeps,
  operator: Operator,
  ticketNo: string,
  body: TicketSplitBody,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const row = await deskTicketForUpdate(tx, operator, ticketNo);
    const messages = await tx
      .select({ messageId: bizTicketMessage.messageId })
      .from(bizTicketMessage)
      .where(eq(bizTicketMessage.ticketId, row.ticketId));
    const ids = new Set(messages.map((m) => m.messageId));
    if (!body.messageIds.every((id) => ids.has(id))) throw new AppError(400, "ticket_split_messages");
    if (body.messageIds.length === messages.length) throw new AppError(400, "ticket_split_all");
    const now = deps.now();
    const created = await insertNumberedTicket(tx, {
      siteId: row.siteId,
      userId: row.userId,
      departmentId: row.departmentId,
      subject: body.subject.trim(),
      priority: row.priority,
      serviceOrderNo: row.serviceOrderNo,
      orderNo: row.orderNo,
      assigneeId: row.assigneeId,
      language: row.language,
      lastFrom: "customer",
      createdAt: now,
      updatedAt: now,
      ...dueTimes(await slaRules(tx), row.priority as TicketPriority, now),
    });
    await tx
      .update(bizTicketMessage)
      .set({ ticketId: created.ticketId })
      .where(and(eq(bizTicketMessage.ticketId, row.ticketId), inArray(bizTicketMessage.messageId, body.messageIds)));
    // Each ticket's state is its own thread's: who wrote last, when the provider first answered.
    for (const ticketId of [created.ticketId, row.ticketId]) {
      const thread = await threadState(tx, ticketId);
      const keep = ticketId === row.ticketId && (row.status === "closed" || row.status === "on_hold");
      await tx
        .update(bizTicket)
        .set({
          updatedAt: now,
          lastFrom: thread.lastFrom,
          firstRepliedAt: thread.firstStaffAt,
          ...(keep ? {} : { status: thread.lastFrom === "staff" ? "answered" : "open" }),
        })
        .where(eq(bizTicket.ticketId, ticketId));
    }
    await recordTicketEvent(tx, row.ticketId, "split", operator.userName, now, {
      to: created.ticketNo,
      messages: body.messageIds.length,
    });
    await recordTicketEvent(tx, created.ticketId, "split_from", operator.userName, now, { from: row.ticketNo });
    return created.ticketNo;
  });
}

/** A desk ticket's row id, when the operator may see it (for serving its attachments). */
export async function deskTicketMessages(db: Db | Tx, operator: Operator, ticketNo: string) {
  const [row] = await db
    .select({ ticketId: bizTicket.ticketId })
    .from(bizTicket)
    .where(and(eq(bizTicket.ticketNo, ticketNo), inScope(operator.siteScope)));
  if (!row) return null;
  const messages = await db
    .select({ messageId: bizTicketMessage.messageId })
    .from(bizTicketMessage)
    .where(eq(bizTicketMessage.ticketId, row.ticketId));
  return messages.map((m) => m.messageId);
}
