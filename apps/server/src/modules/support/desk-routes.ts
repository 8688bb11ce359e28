import {
  CannedReplyBody,
  DepartmentBody,
  Id,
  QuarantineQuery,
  TicketAssignBody,
  TicketMergeBody,
  TicketNo,
  TicketPriorityBody,
  TicketQueueQuery,
  TicketReplyBody,
  TicketSlaBody,
  TicketSplitBody,
  TicketStatusBody,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { cannedReplies, removeCannedReply, saveCannedReply } from "./canned-replies.ts";
import { addDepartment, departmentsForOperator, departmentView, updateDepartment } from "./departments.ts";
import {
  acknowledgeTicket,
  assignableOperators,
  assignTicket,
  deskThread,
  deskTicketMessages,
  mergeTicket,
  type Operator,
  queueCounts,
  replyAsOperator,
  setTicketPriority,
  setTicketStatus,
  splitTicket,
  ticketQueue,
} from "./desk.ts";
import { dismissQuarantinedMail, quarantinedMail, quarantinedMails } from "./quarantine.ts";
import { ticketFile } from "./ticket-attachments.ts";
import { sendTicketFile } from "./ticket-file-answer.ts";
import { saveSlaRules, slaRules } from "./ticket-sla.ts";
import type { SupportDeps } from "./tickets.ts";

const TicketParams = Type.Object({ ticketNo: TicketNo() });
const InboundParams = Type.Object({ inboundId: Id() });
type Params = { Params: { ticketNo: string } };
const LIST = { access: { permission: "business:ticket:list" as const } };
const REPLY = { access: { permission: "business:ticket:reply" as const } };
const EDIT = { access: { permission: "business:ticket:edit" as const } };

const operatorOf = (request: FastifyRequest): Operator => {
  const principal = principalOf(request);
  return {
    userId: principal.userId,
    userName: principal.userName,
    siteScope: siteScopeOf(principal),
    language: request.language,
  };
};

/**
 * Business → Support desk (`business:ticket:*`): the queues, a ticket's whole thread with notes and
 * history, answers and notes, assignment, status and priority, acknowledging a page, merge and
 * split; departments, canned replies and service levels; the quarantined mails, read and set
 * aside. An operator bound to a site sees and changes that site's tickets and mails only
 * (another's answer 404).
 */
export async function deskRoutes(app: FastifyInstance, deps: SupportDeps) {
  const { db, now } = deps;
  const done = (request: FastifyRequest, key: Parameters<typeof translate>[1], params = {}) => ({
    code: 200,
    msg: translate(request.language, key, params),
  });

  app.get<{ Querystring: TicketQueueQuery }>(
    "/prod-api/business/tickets",
    { config: LIST, schema: { querystring: TicketQueueQuery } },
    async (request) => {
      const { rows, total } = await ticketQueue(db, operatorOf(request), request.query, now());
      return page(request, rows, total);
    },
  );

  app.get("/prod-api/business/tickets/counts", { config: LIST }, async (request) =>
    ok(request, await queueCounts(db, operatorOf(request), now())),
  );

  app.get<Params>(
    "/prod-api/business/tickets/:ticketNo",
    { config: LIST, schema: { params: TicketParams } },
    async (request) => ok(request, await deskThread(db, operatorOf(request), request.params.ticketNo, now())),
  );

  app.post<Params & { Body: TicketReplyBody }>(
    "/prod-api/business/tickets/:ticketNo/replies",
    { config: REPLY, schema: { params: TicketParams, body: TicketReplyBody } },
    async (request) => {
      await replyAsOperator(deps, operatorOf(request), request.params.ticketNo, request.body);
      return done(request, request.body.internal ? "ticket_note_added" : "ticket_replied");
    },
  );

  app.post<Params>(
    "/prod-api/business/tickets/:ticketNo/acknowledge",
    { config: REPLY, schema: { params: TicketParams } },
    async (request) => {
      await acknowledgeTicket(deps, operatorOf(request), request.params.ticketNo);
      return done(request, "ticket_acknowledged");
    },
  );

  app.put<Params & { Body: TicketStatusBody }>(
    "/prod-api/business/tickets/:ticketNo/status",
    { config: REPLY, schema: { params: TicketParams, body: TicketStatusBody } },
    async (request) => {
      await setTicketStatus(deps, operatorOf(request), request.params.ticketNo, request.body.status);
      return done(request, "ticket_updated");
    },
  );

  app.put<Params & { Body: TicketPriorityBody }>(
    "/prod-api/business/tickets/:ticketNo/priority",
    { config: EDIT, schema: { params: TicketParams, body: TicketPriorityBody } },
    async (request) => {
      await setTicketPriority(deps, operatorOf(request), request.params.ticketNo, request.body.priority);
      return done(request, "ticket_updated");
    },
  );

  app.put<Params & { Body: TicketAssignBody }>(
    "/prod-api/business/tickets/:ticketNo/assignee",
    { config: EDIT, schema: { params: TicketParams, body: TicketAssignBody } },
    async (request) => {
      await assignTicket(deps, operatorOf(request), request.params.ticketNo, request.body.assigneeId);
      return done(request, "ticket_updated");
    },
  );

  app.post<Params & { Body: TicketMergeBody }>(
    "/prod-api/business/tickets/:ticketNo/merge",
    { config: EDIT, schema: { params: TicketParams, body: TicketMergeBody } },
    async (request) => {
      await mergeTicket(deps, operatorOf(request), request.params.ticketNo, request.body.intoTicketNo);
      return done(request, "ticket_merged_into", { ticketNo: request.body.intoTicketNo });
    },
  );

  app.post<Params & { Body: TicketSplitBody }>(
    "/prod-api/business/tickets/:ticketNo/split",
    { config: EDIT, schema: { params: TicketParams, body: TicketSplitBody } },
    async (request) => {
      const ticketNo = await splitTicket(deps, operatorOf(request), request.params.ticketNo, request.body);
      return { ...ok(request, { ticketNo }), msg: translate(request.language, "ticket_split_into", { ticketNo }) };
    },
  );

  /** Who a ticket may be given to (operators of its site or of every site). */
  app.get<Params>(
    "/prod-api/business/tickets/:ticketNo/assignees",
    { config: EDIT, schema: { params: TicketParams } },
    async (request) => {
      const ticket = await deskThread(db, operatorOf(request), request.params.ticketNo, now());
      return ok(request, await assignableOperators(db, ticket.row.siteId));
    },
  );

  app.get<{ Params: { ticketNo: string; file: string } }>(
    "/prod-api/business/tickets/:ticketNo/files/:file",
    {
      config: LIST,
      schema: {
        params: Type.Object({
          ticketNo: TicketNo(),
          file: Type.String({
            pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}$",
          }),
        }),
      },
    },
    async (request, reply) => {
      const fileId = request.params.file.replace(/\.[a-z0-9]+$/, "");
      const file = await db.transaction(async (tx) => {
        const messages = await deskTicketMessages(tx, operatorOf(request), request.params.ticketNo);
        return messages ? ticketFile(tx, fileId, messages) : undefined;
      });
      if (!file) throw new NotFoundError();
      return sendTicketFile(reply, file);
    },
  );

  app.get("/prod-api/business/support/departments", { config: LIST }, async (request) => {
    const rows = await departmentsForOperator(db, siteScopeOf(principalOf(request)));
    return ok(
      request,
      rows.map((row) => departmentView(row, request.language)),
    );
  });

  app.post<{ Body: DepartmentBody }>(
    "/prod-api/business/support/departments",
    { config: EDIT, schema: { body: DepartmentBody } },
    async (request) => {
      const { siteId = null, ...body } = request.body;
      const row = await addDepartment(db, siteScopeOf(principalOf(request)), siteId, body);
      request.changed = { before: null, after: row };
      return {
        ...ok(request, departmentView(row, request.language)),
        msg: translate(request.language, "ticket_department_saved"),
      };
    },
  );

  app.put<{ Params: { departmentId: number }; Body: DepartmentBody }>(
    "/prod-api/business/support/departments/:departmentId",
    { config: EDIT, schema: { params: Type.Object({ departmentId: Id() }), body: DepartmentBody } },
    async (request) => {
      const row = await updateDepartment(
        db,
        siteScopeOf(principalOf(request)),
        request.params.departmentId,
        request.body,
      );
      return {
        ...ok(request, departmentView(row, request.language)),
        msg: translate(request.language, "ticket_department_saved"),
      };
    },
  );

  app.get("/prod-api/business/support/canned", { config: REPLY }, async (request) =>
    ok(request, await cannedReplies(db, siteScopeOf(principalOf(request)))),
  );

  app.post<{ Body: CannedReplyBody }>(
    "/prod-api/business/support/canned",
    { config: EDIT, schema: { body: CannedReplyBody } },
    async (request) => {
      const principal = principalOf(request);
      const saved = await saveCannedReply(db, siteScopeOf(principal), null, request.body, principal.userName, now());
      return { ...ok(request, saved), msg: translate(request.language, "ticket_canned_saved") };
    },
  );

  app.put<{ Params: { replyId: number }; Body: CannedReplyBody }>(
    "/prod-api/business/support/canned/:replyId",
    { config: EDIT, schema: { params: Type.Object({ replyId: Id() }), body: CannedReplyBody } },
    async (request) => {
      const principal = principalOf(request);
      const saved = await saveCannedReply(
        db,
        siteScopeOf(principal),
        request.params.replyId,
        request.body,
        principal.userName,
        now(),
      );
      return { ...ok(request, saved), msg: translate(request.language, "ticket_canned_saved") };
    },
  );

  app.delete<{ Params: { replyId: number } }>(
    "/prod-api/business/support/canned/:replyId",
    { config: EDIT, schema: { params: Type.Object({ replyId: Id() }) } },
    async (request) => {
      await removeCannedReply(db, siteScopeOf(principalOf(request)), request.params.replyId);
      return done(request, "ticket_canned_removed");
    },
  );

  app.get("/prod-api/business/support/sla", { config: LIST }, async (request) => ok(request, await slaRules(db)));

  /** The service levels are the installation's: an operator bound to a site may read them, not change them. */
  app.put<{ Body: TicketSlaBody }>(
    "/prod-api/business/support/sla",
    { config: EDIT, schema: { body: TicketSlaBody } },
    async (request) => {
      if (siteScopeOf(principalOf(request)) !== null) throw new AppError(403, "ticket_sla_global");
      const before = await slaRules(db);
      await saveSlaRules(db, request.body);
      request.changed = { before, after: await slaRules(db) };
      return done(request, "ticket_sla_saved");
    },
  );

  app.get<{ Querystring: QuarantineQuery }>(
    "/prod-api/business/support/quarantine",
    { config: LIST, schema: { querystring: QuarantineQuery } },
    async (request) => {
      const { rows, total } = await quarantinedMails(db, siteScopeOf(principalOf(request)), request.query);
      return page(request, rows, total);
    },
  );

  app.get<{ Params: { inboundId: number } }>(
    "/prod-api/business/support/quarantine/:inboundId",
    { config: LIST, schema: { params: InboundParams } },
    async (request) =>
      ok(request, await quarantinedMail(db, siteScopeOf(principalOf(request)), request.params.inboundId)),
  );

  /** Set aside: it leaves the list and its text is dropped. */
  app.post<{ Params: { inboundId: number } }>(
    "/prod-api/business/support/quarantine/:inboundId/dismiss",
    { config: EDIT, schema: { params: InboundParams } },
    async (request) => {
      const principal = principalOf(request);
      await dismissQuarantinedMail(db, siteScopeOf(principal), request.params.inboundId, principal.userName, now());
      return done(request, "inbound_mail_dismissed");
    },
  );
}
