import { randomInt } from "node:crypto";
import {
  type Language,
  type MyTicketsQuery,
  type TicketOpenBody,
  type TicketPriority,
  type TicketRatingBody,
  type TicketReplyBody,
  type TicketStatus,
  type TicketSummaryView,
  type TicketThreadView,
  type UnderAttackBody,
  URGENT_PAGE_REPEAT_MINUTES,
} from "@rampart/contracts";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  bizOrder,
  bizService,
  bizTicket,
  bizTicketDepartment,
  bizTicketEvent,
  bizTicketMessage,
} from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { plainText, sanitizeRichText } from "../notices/rich-text.ts";
import { departmentForTicket, departmentName, departmentsOfSite } from "./departments.ts";
import { type SupportSettings, supportSettings } from "./support-settings.ts";
import { attachFiles, attachmentsOf, ticketFile } from "./ticket-attachments.ts";
import { dueTimes, slaRules } from "./ticket-sla.ts";
import { UNDER_ATTACK_TEXTS } from "./under-attack-texts.ts";

export interface SupportDeps {
  db: Db;
  now: () => Date;
  emitEvent: EmitEvent;
}

/** The customer as a ticket's writer. */
export interface Customer {
  userId: number;
  userName: string;
  siteId: number | null;
  language: Language;
}

type TicketRow = typeof bizTicket.$inferSelect;

/** Where a customer's attachments are served: through their ticket. */
export const CUSTOMER_FILES_BASE = "/prod-api/support/tickets";

/** A message as stored: sanitised (no images: pictures are attachments), and not empty once it is. */
export async function cleanMessage(html: string): Promise<string> {
  const body = await sanitizeRichText(html, { images: false });
  if ((await plainText(body)) === "") throw new AppError(400, "ticket_message_empty");
  return body;
}

/**
 * A new ticket under a new number: eight random digits (it says nothing of how many there are), a
 * number already taken tried again.
 */
export async function insertNumberedTicket(
  tx: Tx,
  values: Omit<typeof bizTicket.$inferInsert, "ticketNo">,
): Promise<TicketRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(bizTicket)
      .values({ ...values, ticketNo: String(randomInt(10_000_000, 100_000_000)) })
      .onConflictDoNothing({ target: bizTicket.ticketNo })
      .returning();
    if (row) return row;
  }
  throw new Error("no free ticket number after five tries");
}

/** A history line of a ticket. */
export async function recordTicketEvent(
  tx: Tx,
  ticketId: number,
  kind: string,
  by: string,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(bizTicketEvent).values({ ticketId, kind, byUser: by, at, detail });
}

/** The package or order a ticket is about must be the customer's own. */
async function assertOwnReferences(tx: Tx, userId: number, body: { serviceOrderNo?: string; orderNo?: string }) {
  if (body.serviceOrderNo) {
    const [service] = await tx
      .select({ id: bizService.serviceId })
      .from(bizService)
      .where(and(eq(bizService.orderNo, body.serviceOrderNo), eq(bizService.userId, userId)));
    if (!service) throw new AppError(400, "ticket_service_invalid");
  }
  if (body.orderNo) {
    const [order] = await tx
      .select({ id: bizOrder.orderId })
      .from(bizOrder)
      .where(and(eq(bizOrder.orderNo, body.orderNo), eq(bizOrder.userId, userId)));
    if (!order) throw new AppError(400, "ticket_order_invalid");
  }
}

interface NewTicket {
  departmentId: number;
  subject: string;
  body: string;
  priority: TicketPriority;
  serviceOrderNo: string | null;
  orderNo: string | null;
  attachments: readonly string[];
  urgent: boolean;
  via?: "web" | "mail";
}

/** Writes a new ticket with its first message and announces it (and its first page when urgent). */
async function insertTicket(
  tx: Tx,
  deps: SupportDeps,
  customer: Customer,
  ticket: NewTicket,
  settings: SupportSettings,
): Promise<TicketRow> {
  const now = deps.now();
  const due = dueTimes(await slaRules(tx), ticket.priority, now);
  const row = await insertNumberedTicket(tx, {
    siteId: customer.siteId,
    userId: customer.userId,
    departmentId: ticket.departmentId,
    subject: ticket.subject,
    priority: ticket.priority,
    serviceOrderNo: ticket.serviceOrderNo,
    orderNo: ticket.orderNo,
    language: customer.language,
    createdAt: now,
    updatedAt: now,
    ...due,
    urgent: ticket.urgent,
    ...(ticket.urgent
      ? { pagesSent: 1, nextPageAt: new Date(now.getTime() + URGENT_PAGE_REPEAT_MINUTES * 60_000) }
      : {}),
  });
  const [message] = await tx
    .insert(bizTicketMessage)
    .values({
      ticketId: row.ticketId,
      authorId: customer.userId,
      authorName: customer.userName,
      fromStaff: false,
      via: ticket.via ?? "web",
      body: ticket.body,
      createdAt: now,
    })
    .returning({ messageId: bizTicketMessage.messageId });
  await attachFiles(tx, message!.messageId, customer.userId, ticket.attachments, settings);
  await recordTicketEvent(tx, row.ticketId, "opened", customer.userName, now, {
    priority: ticket.priority,
    departmentId: ticket.departmentId,
    ...(ticket.urgent ? { urgent: true } : {}),
  });
  await deps.emitEvent(tx, { type: "ticket.created", ticketId: row.ticketId, messageId: message!.messageId });
  if (ticket.urgent) {
    await recordTicketEvent(tx, row.ticketId, "paged", customer.userName, now, { page: 1 });
    await deps.emitEvent(tx, { type: "ticket.urgent", ticketId: row.ticketId, page: 1 });
  }
  return row;
}

/** A customer's new ticket (Control center → Support): answers its number. */
export async function openTicket(deps: SupportDeps, customer: Customer, body: TicketOpenBody): Promise<string> {
  const message = await cleanMessage(body.message);
  return deps.db.transaction(async (tx) => {
    const department = await departmentForTicket(tx, customer.siteId, body.departmentId);
    await assertOwnReferences(tx, customer.userId, body);
    const row = await insertTicket(
      tx,
      deps,
      customer,
      {
        departmentId: department.departmentId,
        subject: body.subject.trim(),
        body: message,
        priority: body.priority ?? "normal",
        serviceOrderNo: body.serviceOrderNo ?? null,
        orderNo: body.orderNo ?? null,
        attachments: body.attachments ?? [],
        urgent: false,
      },
      await supportSettings(tx),
    );
    return row.ticketNo;
  });
}

/**
 * "Under attack?": an urgent ticket about one of the customer's packages, in the site's technical
 * department (its first when it has none so named), paging the site's on-call people at once. A
 * second press while that package's urgent ticket is still open adds to it (and pages again if no
 * one has acknowledged it yet) rather than opening another.
 */
export async function reportAttack(
  deps: SupportDeps,
  customer: Customer,
  body: UnderAttackBody,
): Promise<{ ticketNo: string; added: boolean }> {
  const texts = UNDER_ATTACK_TEXTS[customer.language];
  const typed = body.message?.trim() ? await sanitizeRichText(body.message, { images: false }) : "";
  return deps.db.transaction(async (tx) => {
    // The package's row, locked: two presses at once open one ticket (the second adds to it).
    const [service] = await tx
      .select({ orderNo: bizService.orderNo, product: bizService.product })
      .from(bizService)
      .where(and(eq(bizService.orderNo, body.serviceOrderNo), eq(bizService.userId, customer.userId)))
      .for("update");
    if (!service) throw new AppError(400, "ticket_service_invalid");
    const message = typed && (await plainText(typed)) !== "" ? typed : `<p>${texts.message(service.orderNo)}</p>`;
    const [open] = await tx
      .select()
      .from(bizTicket)
      .where(
        and(
          eq(bizTicket.userId, customer.userId),
          eq(bizTicket.serviceOrderNo, service.orderNo),
          eq(bizTicket.urgent, true),
        ),
      )
      .orderBy(desc(bizTicket.ticketId))
      .limit(1)
      .for("update");
    if (open && open.status !== "closed") {
      await addCustomerMessage(tx, deps, customer, open, message, []);
      return { ticketNo: open.ticketNo, added: true };
    }
    const departments = await departmentsOfSite(tx, customer.siteId, { enabledOnly: true });
    const department = departments.find((d) => d.key === "technical") ?? departments[0];
    if (!department) throw new AppError(400, "ticket_department_invalid");
    const row = await insertTicket(
      tx,
      deps,
      customer,
      {
        departmentId: department.departmentId,
        subject: texts.subject(service.orderNo),
        body: message,
        priority: "urgent",
        serviceOrderNo: service.orderNo,
        orderNo: null,
        attachments: [],
        urgent: true,
      },
      await supportSettings(tx),
    );
    return { ticketNo: row.ticketNo, added: false };
  });
}

/** The customer's ticket of that number, locked for a change; 404 when it is not theirs. */
async function ownTicketForUpdate(tx: Tx, userId: number, ticketNo: string): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(bizTicket)
    .where(and(eq(bizTicket.ticketNo, ticketNo), eq(bizTicket.userId, userId)))
    .for("update");
  if (!row) throw new NotFoundError("ticket_not_found");
  return row;
}

/** Until when a ticket closed at `closedAt` may be reopened by its customer. */
export const reopenUntil = (closedAt: Date, settings: SupportSettings) =>
  new Date(closedAt.getTime() + settings.reopenDays * 86_400_000);

/** A closed ticket a customer writes to again: reopened within the window, refused after it. */
async function reopenIfClosed(tx: Tx, row: TicketRow, by: string, now: Date, settings: SupportSettings) {
  if (row.mergedInto !== null) {
    const [target] = await tx
      .select({ ticketNo: bizTicket.ticketNo })
      .from(bizTicket)
      .where(eq(bizTicket.ticketId, row.mergedInto));
    throw new AppError(409, "ticket_merged", { ticketNo: target?.ticketNo ?? "" });
  }
  if (row.status !== "closed") return;
  if (!row.closedAt || now.getTime() > reopenUntil(row.closedAt, settings).getTime())
    throw new AppError(409, "ticket_reopen_expired", { days: settings.reopenDays });
  await recordTicketEvent(tx, row.ticketId, "reopened", by, now);
}

/** The customer's message on a ticket: it waits for the provider again (open). */
async function addCustomerMessage(
  tx: Tx,
  deps: SupportDeps,
  customer: Customer,
  row: TicketRow,
  body: string,
  attachments: readonly string[],
  via: "web" | "mail" = "web",
): Promise<number> {
  const now = deps.now();
  const settings = await supportSettings(tx);
  await reopenIfClosed(tx, row, customer.userName, now, settings);
  const [message] = await tx
    .insert(bizTicketMessage)
    .values({
      ticketId: row.ticketId,
      authorId: customer.userId,
      authorName: customer.userName,
      fromStaff: false,
      via,
      body,
      createdAt: now,
    })
    .returning({ messageId: bizTicketMessage.messageId });
  await attachFiles(tx, message!.messageId, customer.userId, attachments, settings);
  await tx
    .update(bizTicket)
    .set({ status: "open", lastFrom: "customer", updatedAt: now, closedAt: null })
    .where(eq(bizTicket.ticketId, row.ticketId));
  await recordTicketEvent(tx, row.ticketId, "replied", customer.userName, now, { from: "customer" });
  await deps.emitEvent(tx, { type: "ticket.replied", ticketId: row.ticketId, messageId: message!.messageId });
  // An urgent ticket no one has acknowledged: the customer writing again pages again now.
  if (row.urgent && row.acknowledgedAt === null && row.status !== "closed") {
    await tx.update(bizTicket).set({ nextPageAt: now }).where(eq(bizTicket.ticketId, row.ticketId));
  }
  return message!.messageId;
}

/** The mail was already taken (its Message-ID claimed by an earlier delivery): nothing is written. */
export class MailAlreadyTaken extends Error {}

/**
 * Takes the mail for a ticket inside the transaction that writes it (its log row, which claims its
 * Message-ID): false when an earlier delivery has it.
 */
export type MailClaim = (tx: Tx, ticketId: number) => Promise<boolean>;

/**
 * The customer's reply by mail (already cleaned, its files uploaded as theirs): as one from the
 * console, on the ticket a merge moved its thread to when it was merged. The mail is claimed in
 * the same transaction: delivered twice, even at once, it is added once.
 */
export async function replyByMail(
  deps: SupportDeps,
  customer: Customer,
  ticketNo: string,
  body: string,
  fileIds: readonly string[],
  claim: MailClaim,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    let row = await ownTicketForUpdate(tx, customer.userId, ticketNo);
    for (let hops = 0; row.mergedInto !== null && hops < 5; hops++) {
      const [target] = await tx
        .select()
        .from(bizTicket)
        .where(and(eq(bizTicket.ticketId, row.mergedInto), eq(bizTicket.userId, customer.userId)))
        .for("update");
      if (!target) break;
      row = target;
    }
    if (!(await claim(tx, row.ticketId))) throw new MailAlreadyTaken();
    await addCustomerMessage(tx, deps, customer, row, body, fileIds, "mail");
    return row.ticketNo;
  });
}

/** A new ticket by mail to a department's address from a known customer (claimed as a reply is); answers its number. */
export async function openTicketByMail(
  deps: SupportDeps,
  customer: Customer,
  departmentId: number,
  subject: string,
  body: string,
  fileIds: readonly string[],
  claim: MailClaim,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const row = await insertTicket(
      tx,
      deps,
      customer,
      {
        departmentId,
        subject,
        body,
        priority: "normal",
        serviceOrderNo: null,
        orderNo: null,
        attachments: fileIds,
        urgent: false,
        via: "mail",
      },
      await supportSettings(tx),
    );
    if (!(await claim(tx, row.ticketId))) throw new MailAlreadyTaken();
    return row.ticketNo;
  });
}

/** The customer's reply (reopening a closed ticket within the window). */
export async function replyAsCustomer(
  deps: SupportDeps,
  customer: Customer,
  ticketNo: string,
  body: TicketReplyBody,
): Promise<void> {
  const message = await cleanMessage(body.message);
  await deps.db.transaction(async (tx) => {
    const row = await ownTicketForUpdate(tx, customer.userId, ticketNo);
    await addCustomerMessage(tx, deps, customer, row, message, body.attachments ?? []);
  });
}

/** Closes a ticket (the customer's own, or any an operator may see): no more pages, its resolution is done. */
export async function closeTicket(
  tx: Tx,
  deps: SupportDeps,
  row: TicketRow,
  by: { name: string; staff: boolean },
): Promise<void> {
  if (row.status === "closed") return;
  const now = deps.now();
  await tx
    .update(bizTicket)
    .set({ status: "closed", closedAt: now, updatedAt: now, nextPageAt: null })
    .where(eq(bizTicket.ticketId, row.ticketId));
  await recordTicketEvent(tx, row.ticketId, "status", by.name, now, { from: row.status, to: "closed" });
  await deps.emitEvent(tx, { type: "ticket.closed", ticketId: row.ticketId, by: by.staff ? "staff" : "customer" });
}

export async function closeAsCustomer(deps: SupportDeps, customer: Customer, ticketNo: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await ownTicketForUpdate(tx, customer.userId, ticketNo);
    if (row.status === "closed") throw new AppError(409, "ticket_already_closed");
    await closeTicket(tx, deps, row, { name: customer.userName, staff: false });
  });
}

/** Reopens a closed ticket within the window (it waits for the provider again). */
export async function reopenAsCustomer(deps: SupportDeps, customer: Customer, ticketNo: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await ownTicketForUpdate(tx, customer.userId, ticketNo);
    if (row.status !== "closed") throw new AppError(409, "ticket_not_closed");
    const now = deps.now();
    await reopenIfClosed(tx, row, customer.userName, now, await supportSettings(tx));
    await tx
      .update(bizTicket)
      .set({ status: "open", closedAt: null, updatedAt: now })
      .where(eq(bizTicket.ticketId, row.ticketId));
  });
}

/** The customer's rating of the answers (once there is one from the provider); a second rating replaces the first. */
export async function rateTicket(
  deps: SupportDeps,
  customer: Customer,
  ticketNo: string,
  body: TicketRatingBody,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await ownTicketForUpdate(tx, customer.userId, ticketNo);
    if (row.firstRepliedAt === null) throw new AppError(409, "ticket_not_answered");
    const comment = body.comment?.trim() ?? "";
    await tx
      .update(bizTicket)
      .set({ rating: body.rating, ratingComment: comment })
      .where(eq(bizTicket.ticketId, row.ticketId));
    await recordTicketEvent(tx, row.ticketId, "rated", customer.userName, deps.now(), {
      rating: body.rating,
      ...(comment ? { comment } : {}),
    });
  });
}

/** A ticket's summary in the reader's language. */
export function summaryOf(
  row: TicketRow,
  department: { name: Record<string, string> } | undefined,
  language: Language,
): TicketSummaryView {
  return {
    ticketNo: row.ticketNo,
    subject: row.subject,
    status: row.status as TicketStatus,
    priority: row.priority as TicketPriority,
    departmentId: row.departmentId,
    department: department ? departmentName(department, language) : "",
    serviceOrderNo: row.serviceOrderNo,
    orderNo: row.orderNo,
    urgent: row.urgent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastFrom: row.lastFrom === "staff" ? "staff" : "customer",
  };
}

/** The customer's tickets, latest activity first. */
export async function myTickets(db: Db, userId: number, query: MyTicketsQuery, language: Language) {
  const where = and(eq(bizTicket.userId, userId), query.status ? eq(bizTicket.status, query.status) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select({ ticket: bizTicket, department: bizTicketDepartment })
      .from(bizTicket)
      .leftJoin(bizTicketDepartment, eq(bizTicketDepartment.departmentId, bizTicket.departmentId))
      .where(where)
      .orderBy(desc(bizTicket.updatedAt), desc(bizTicket.ticketId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizTicket).where(where),
  ]);
  return {
    rows: rows.map((row) => summaryOf(row.ticket, row.department ?? undefined, language)),
    total: totals[0]?.total ?? 0,
  };
}

/** A thread as its reader sees it: the customer never sees internal notes. */
export async function threadOf(
  tx: Tx,
  row: TicketRow,
  reader: { staff: boolean; language: Language; filesBase: string },
): Promise<TicketThreadView> {
  const [department] = await tx
    .select()
    .from(bizTicketDepartment)
    .where(eq(bizTicketDepartment.departmentId, row.departmentId));
  const messages = await tx
    .select()
    .from(bizTicketMessage)
    .where(
      and(eq(bizTicketMessage.ticketId, row.ticketId), reader.staff ? undefined : eq(bizTicketMessage.internal, false)),
    )
    .orderBy(asc(bizTicketMessage.messageId));
  const files = await attachmentsOf(
    tx,
    row.ticketNo,
    messages.map((m) => m.messageId),
    reader.filesBase,
  );
  const settings = await supportSettings(tx);
  const [merged] =
    row.mergedInto === null
      ? []
      : await tx.select({ ticketNo: bizTicket.ticketNo }).from(bizTicket).where(eq(bizTicket.ticketId, row.mergedInto));
  return {
    ...summaryOf(row, department, reader.language),
    language: row.language,
    messages: messages.map((message) => ({
      messageId: message.messageId,
      from: message.fromStaff ? "staff" : "customer",
      authorName: message.authorName,
      internal: message.internal,
      via: message.via === "mail" ? "mail" : "web",
      body: message.body,
      attachments: files.get(message.messageId) ?? [],
      createdAt: message.createdAt.toISOString(),
    })),
    rating: row.rating,
    ratingComment: row.ratingComment,
    closedAt: row.closedAt?.toISOString() ?? null,
    reopenUntil:
      row.status === "closed" && row.closedAt && row.mergedInto === null
        ? reopenUntil(row.closedAt, settings).toISOString()
        : null,
    mergedInto: merged?.ticketNo ?? null,
  };
}

/** The customer's own ticket, as they see it. */
export async function myThread(db: Db, userId: number, ticketNo: string, language: Language) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bizTicket)
      .where(and(eq(bizTicket.ticketNo, ticketNo), eq(bizTicket.userId, userId)));
    if (!row) throw new NotFoundError("ticket_not_found");
    return threadOf(tx, row, { staff: false, language, filesBase: CUSTOMER_FILES_BASE });
  });
}

/** A file attached to one of the customer's own messages or answers (never to an internal note). */
export async function myTicketFile(db: Db, userId: number, ticketNo: string, fileId: string) {
  return db.transaction(async (tx) => {
    const messages = await tx
      .select({ messageId: bizTicketMessage.messageId })
      .from(bizTicketMessage)
      .innerJoin(bizTicket, eq(bizTicket.ticketId, bizTicketMessage.ticketId))
      .where(and(eq(bizTicket.ticketNo, ticketNo), eq(bizTicket.userId, userId), eq(bizTicketMessage.internal, false)));
    return ticketFile(
      tx,
      fileId,
      messages.map((m) => m.messageId),
    );
  });
}
