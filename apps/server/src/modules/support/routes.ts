import {
  MyTicketsQuery,
  TicketNo,
  TicketOpenBody,
  TicketRatingBody,
  TicketReplyBody,
  UnderAttackBody,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { principalOf } from "../../http/access.ts";
import { ok, page } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { departmentsOfSite, departmentView } from "./departments.ts";
import { sendTicketFile } from "./ticket-file-answer.ts";
import {
  type Customer,
  closeAsCustomer,
  myThread,
  myTicketFile,
  myTickets,
  openTicket,
  rateTicket,
  reopenAsCustomer,
  replyAsCustomer,
  reportAttack,
  type SupportDeps,
} from "./tickets.ts";

const TicketParams = Type.Object({ ticketNo: TicketNo() });
type Params = { Params: { ticketNo: string } };
/** New tickets and replies: a person's pace, never a flood. */
const WRITING = { max: 20, timeWindow: "1 minute" };
const signedIn = { access: "signed-in" as const };

const customerOf = (request: FastifyRequest): Customer => {
  const principal = principalOf(request);
  return {
    userId: principal.userId,
    userName: principal.userName,
    siteId: principal.siteId,
    language: request.language,
  };
};

/**
 * Control center → Support: the signed-in customer's own tickets (every route finds the ticket by
 * its owner: another's answers 404), the site's departments, "Under attack?", and the files
 * attached to their tickets.
 */
export async function supportRoutes(app: FastifyInstance, deps: SupportDeps) {
  const { db } = deps;

  app.get("/prod-api/support/departments", { config: signedIn }, async (request) => {
    const rows = await departmentsOfSite(db, principalOf(request).siteId, { enabledOnly: true });
    return ok(
      request,
      rows.map((row) => {
        const { email: _email, ...view } = departmentView(row, request.language);
        return view;
      }),
    );
  });

  app.get<{ Querystring: MyTicketsQuery }>(
    "/prod-api/support/tickets",
    { config: signedIn, schema: { querystring: MyTicketsQuery } },
    async (request) => {
      const { rows, total } = await myTickets(db, principalOf(request).userId, request.query, request.language);
      return page(request, rows, total);
    },
  );

  app.post<{ Body: TicketOpenBody }>(
    "/prod-api/support/tickets",
    { config: { ...signedIn, rateLimit: WRITING }, schema: { body: TicketOpenBody } },
    async (request) => {
      const ticketNo = await openTicket(deps, customerOf(request), request.body);
      request.changed = { before: null, after: { ticketNo } };
      return { ...ok(request, { ticketNo }), msg: translate(request.language, "ticket_opened", { ticketNo }) };
    },
  );

  app.post<{ Body: UnderAttackBody }>(
    "/prod-api/support/under-attack",
    { config: { ...signedIn, rateLimit: WRITING }, schema: { body: UnderAttackBody } },
    async (request) => {
      const { ticketNo, added } = await reportAttack(deps, customerOf(request), request.body);
      request.changed = { before: null, after: { ticketNo, urgent: true } };
      return {
        ...ok(request, { ticketNo }),
        msg: translate(request.language, added ? "ticket_attack_added" : "ticket_attack_opened", { ticketNo }),
      };
    },
  );

  app.get<Params>(
    "/prod-api/support/tickets/:ticketNo",
    { config: signedIn, schema: { params: TicketParams } },
    async (request) =>
      ok(request, await myThread(db, principalOf(request).userId, request.params.ticketNo, request.language)),
  );

  app.post<Params & { Body: TicketReplyBody }>(
    "/prod-api/support/tickets/:ticketNo/replies",
    { config: { ...signedIn, rateLimit: WRITING }, schema: { params: TicketParams, body: TicketReplyBody } },
    async (request) => {
      if (request.body.internal !== undefined || request.body.status !== undefined)
        throw new AppError(400, "ticket_staff_only");
      await replyAsCustomer(deps, customerOf(request), request.params.ticketNo, request.body);
      return { code: 200, msg: translate(request.language, "ticket_replied") };
    },
  );

  app.post<Params>(
    "/prod-api/support/tickets/:ticketNo/close",
    { config: signedIn, schema: { params: TicketParams } },
    async (request) => {
      await closeAsCustomer(deps, customerOf(request), request.params.ticketNo);
      return { code: 200, msg: translate(request.language, "ticket_closed") };
    },
  );

  app.post<Params>(
    "/prod-api/support/tickets/:ticketNo/reopen",
    { config: signedIn, schema: { params: TicketParams } },
    async (request) => {
      await reopenAsCustomer(deps, customerOf(request), request.params.ticketNo);
      return { code: 200, msg: translate(request.language, "ticket_reopened") };
    },
  );

  app.post<Params & { Body: TicketRatingBody }>(
    "/prod-api/support/tickets/:ticketNo/rating",
    { config: signedIn, schema: { params: TicketParams, body: TicketRatingBody } },
    async (request) => {
      await rateTicket(deps, customerOf(request), request.params.ticketNo, request.body);
      return { code: 200, msg: translate(request.language, "ticket_rated") };
    },
  );

  /** A file attached to one of the customer's tickets (not to an internal note). */
  app.get<{ Params: { ticketNo: string; file: string } }>(
    "/prod-api/support/tickets/:ticketNo/files/:file",
    {
      config: signedIn,
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
      const file = await myTicketFile(db, principalOf(request).userId, request.params.ticketNo, fileId);
      if (!file) throw new NotFoundError();
      return sendTicketFile(reply, file);
    },
  );
}
