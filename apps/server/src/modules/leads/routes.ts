import { ApplyBody, type ApplyProblem, BigId, LeadListQuery, LeadStatusBody, LeadView, Page } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page, refusal } from "../../http/envelope.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";
import type { MessageKey } from "../../http/messages.ts";
import { translate } from "../../http/messages.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { SiteDirectory } from "../sites/site-directory.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { listLeads, moveLead } from "./admin.ts";
import { submitLead } from "./service.ts";

/** The server's message for each rule of the form. */
const APPLY_MESSAGES: Record<ApplyProblem, MessageKey> = {
  "apply.enterName": "apply_enter_name",
  "apply.enterEmail": "apply_enter_email",
  "apply.emailFormat": "apply_email_format",
  "apply.enterPhone": "apply_enter_phone",
  "apply.phoneInvalid": "apply_phone_invalid",
  "apply.enterAddress": "apply_enter_address",
  "apply.enterContent": "apply_enter_content",
  "apply.fillMessage": "apply_fill_message",
};

export async function leadRoutes(
  app: FastifyInstance,
  { db, sites, now, mail }: { db: Db; sites: SiteDirectory; now: () => Date; mail: MailOutbox },
) {
  /**
   * The apply/contact form. 400 names each field in trouble (`data`: field → message); 429 after
   * five submissions a minute from one address.
   */
  app.post<{ Body: ApplyBody }>(
    "/prod-api/lead/apply",
    { config: { access: "public" }, schema: { body: ApplyBody } },
    async (request, reply) => {
      const site = await sites.siteForHostHeader(request.headers.host);
      const result = await submitLead(db, request.body, {
        site,
        language: request.language,
        ip: request.ip,
        userAgent: String(request.headers["user-agent"] ?? ""),
        now: now(),
        mail: { outbox: mail, consoleOrigin: (siteId) => siteOrigin(db, siteId, request, { console: true }) },
      });
      if (result.ok) return { code: 200, msg: translate(request.language, "lead_received") };
      if (result.reason === "too-many") throw new AppError(429, "lead_too_many");
      const data = Object.fromEntries(
        Object.entries(result.problems).map(([field, key]) => [
          field,
          translate(request.language, APPLY_MESSAGES[key]),
        ]),
      );
      const first = Object.values(data)[0] ?? "";
      return reply.code(400).send(refusal(request, 400, first, data));
    },
  );

  /** The leads an operator may see (their site's when bound to one), filtered, with their history. */
  app.get<{ Querystring: LeadListQuery }>(
    "/prod-api/lead/list",
    {
      config: { access: { permission: "business:lead:list" } },
      schema: { querystring: LeadListQuery, response: { 200: Page(LeadView) } },
    },
    async (request) => {
      const { rows, total } = await listLeads(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  /** Contacted, approved or rejected, with the operator's note; recorded with who and when. */
  app.post<{ Params: { leadId: number }; Body: LeadStatusBody }>(
    "/prod-api/lead/:leadId/status",
    {
      config: { access: { permission: "business:lead:edit" } },
      schema: { params: Type.Object({ leadId: BigId() }), body: LeadStatusBody },
    },
    async (request) => {
      const principal = principalOf(request);
      const result = await moveLead(db, {
        leadId: request.params.leadId,
        to: request.body.status,
        note: request.body.note?.trim() ?? "",
        by: principal.userName,
        now: now(),
        siteScope: siteScopeOf(principal),
      });
      if (result === "missing") throw new NotFoundError("lead_not_found");
      if (result === "conflict") throw new AppError(409, "lead_move_invalid");
      request.changed = { before: { status: result.moved }, after: { status: request.body.status } };
      return ok(request, null);
    },
  );
}
